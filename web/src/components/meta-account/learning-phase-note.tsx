import { useId } from 'react';
import { learningPhaseWarning } from '@web/lib/meta-account/budget-change';

/** The learning-phase warning for a budget change in percent; nothing for a change within the safe step. */
export function LearningPhaseNote({ percent }: { percent: number | null }) {
  const id = useId();
  const warning = learningPhaseWarning(percent);
  if (!warning) return null;
  return (
    <div
      role="note"
      aria-labelledby={id}
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p id={id} className="font-medium">
        Learning phase
      </p>
      <p>{warning}</p>
    </div>
  );
}
