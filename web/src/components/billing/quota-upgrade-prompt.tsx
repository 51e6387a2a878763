import { Link } from 'react-router-dom';
import { plans } from '@shared/plans';
import { quotas } from '@shared/quotas';
import { webPaths } from '@shared/web-paths';
import type { QuotaExceeded } from '../../lib/billing/quota-exceeded';
import { buttonVariants } from '../ui/button';
import { Alert } from '../ui/alert';

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' });

/** Shown instead of an error when a plan limit is reached: what ran out, when it comes back, and the way up. */
export function QuotaUpgradePrompt({ quota }: { quota: QuotaExceeded }) {
  const noun = quotas[quota.quota].noun;
  const upgrade = quota.upgradeTo ? plans[quota.upgradeTo] : null;
  return (
    <Alert
      variant="warning"
      title={
        quota.limit === 1
          ? `Your plan allows one ${noun.replace(/s$/, '')}, and it is taken`
          : `You have used all ${quota.limit.toLocaleString()} ${noun} of your plan`
      }
    >
      <p>
        {quota.resetsAt ? `They start again ${formatTime(quota.resetsAt)}. ` : null}
        {quota.resetsAt
          ? null
          : 'This limit counts what you have now and does not reset by itself: free a place to use another. '}
        {upgrade
          ? `${upgrade.name} allows ${upgrade.limits[quota.quota].toLocaleString()}.`
          : `You are on our largest plan (${plans[quota.plan].name}).`}
      </p>
      {upgrade ? (
        <Link
          to={webPaths.pricing}
          className={buttonVariants({ size: 'sm', className: 'mt-2 w-fit' })}
          aria-label={`Upgrade to ${upgrade.name}`}
        >
          Upgrade to {upgrade.name}
        </Link>
      ) : null}
    </Alert>
  );
}
