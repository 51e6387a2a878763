import type { PlanIssue } from '@shared/schemas/campaign-plan';
import { Alert } from '@web/components/ui/alert';
import { issuePlace } from '../lib/plan-words';

/** The first blocking issues (the rest are marked on their fields), or that the plan is ready to publish. */
export function PlanReadiness({ blocking }: { blocking: PlanIssue[] }) {
  if (blocking.length === 0) {
    return (
      <Alert variant="success" title="Ready to publish">
        The plan passes every check Meta makes. It will be created paused.
      </Alert>
    );
  }
  return (
    <Alert
      variant="destructive"
      title={`${blocking.length} ${blocking.length === 1 ? 'thing' : 'things'} to fix before publishing`}
    >
      <ul className="list-disc pl-4">
        {blocking.slice(0, 6).map((issue) => (
          <li key={`${issue.path}-${issue.message}`}>
            <span className="font-medium">{issuePlace(issue.path)}:</span> {issue.message}
          </li>
        ))}
      </ul>
      {blocking.length > 6 ? <p className="mt-1">…and {blocking.length - 6} more, marked on their fields.</p> : null}
    </Alert>
  );
}
