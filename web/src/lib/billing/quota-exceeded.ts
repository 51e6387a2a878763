import { plans, type PlanKey } from '@shared/plans';
import { quotaKeys, type QuotaKey } from '@shared/quotas';

/** What a QUOTA_EXCEEDED reply says, read from its details. */
export interface QuotaExceeded {
  quota: QuotaKey;
  limit: number;
  plan: PlanKey;
  resetsAt: string | null;
  upgradeTo: PlanKey | null;
  message: string;
}

const isPlan = (value: unknown): value is PlanKey => typeof value === 'string' && value in plans;

/** The quota a failed request ran into, or null when the error is anything else. */
export function quotaExceededOf(error: unknown): QuotaExceeded | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, details, message } = error as { code?: unknown; details?: Record<string, string>; message?: unknown };
  if (code !== 'QUOTA_EXCEEDED') return null;
  const quota = details?.quota as QuotaKey | undefined;
  return {
    quota: quota && quotaKeys.includes(quota) ? quota : 'aiGenerationsPerDay',
    limit: Number(details?.limit ?? 0),
    plan: isPlan(details?.plan) ? details.plan : 'free',
    resetsAt: details?.resetsAt ?? null,
    upgradeTo: isPlan(details?.upgradeTo) ? details.upgradeTo : null,
    message: typeof message === 'string' ? message : '',
  };
}
