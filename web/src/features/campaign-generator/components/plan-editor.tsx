import type { CampaignDraft, CampaignPlan } from '@shared/schemas/campaign-plan';
import { usePlanEditor } from '../hooks/use-plan-editor';
import { AdPreviewCard } from './ad-preview-card';
import { AdSetCard } from './ad-set-card';
import { CampaignCard } from './campaign-card';
import { PlanActions } from './plan-actions';
import { PlanReadiness } from './plan-readiness';

interface PlanEditorProps {
  draft: CampaignDraft;
  saving: boolean;
  publishing: boolean;
  onSave: (plan: CampaignPlan) => void;
  onPublish: (plan: CampaignPlan) => void;
}

/** Every field of the plan, editable, with the pre-publish validator running on each change. */
export function PlanEditor({ draft, saving, publishing, onSave, onPublish }: PlanEditorProps) {
  const { plan, update, issues, blocking, locked, previewing, setPreviewing, previewRef } = usePlanEditor(draft);
  return (
    <div className="grid gap-6">
      {locked ? null : <PlanReadiness blocking={blocking} />}
      <CampaignCard plan={plan} issues={issues} update={update} />
      {plan.adSets.map((set, setIndex) => (
        <AdSetCard
          key={setIndex}
          set={set}
          setIndex={setIndex}
          adAccountId={plan.adAccountId}
          currency={plan.currency}
          issues={issues}
          change={(fn) => update((p) => fn(p.adSets[setIndex]!))}
          onPreview={setPreviewing}
        />
      ))}
      {previewing ? (
        <AdPreviewCard adAccountId={plan.adAccountId} previewing={previewing} sectionRef={previewRef} />
      ) : null}
      {locked ? null : (
        <PlanActions
          saving={saving}
          publishing={publishing}
          canPublish={blocking.length === 0}
          onSave={() => onSave(plan)}
          onPublish={() => onPublish(plan)}
        />
      )}
    </div>
  );
}
