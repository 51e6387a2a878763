import { signalsRoutes as routes } from '@shared/function-routes/signals';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { on } from '../lib/http/http-function';
import { metaSession } from '../lib/meta-session/meta-route';
import { tableName } from '../lib/table-name';
import { readPixelDelivery } from './pixel-delivery';
import { recordQualityDays } from './quality-days';
import { signalsHealth } from './signals-health';
import { watchAccount } from './watch-account';

const deliveries = () => ({ doc: dynamoDocumentClient(), table: tableName('signalDeliveries') });

// The account's signal health, read from Meta and the deliveries.
export const healthRoute = on(
  routes.signalsHealth,
  async ({ session, params }) => {
    const workspaceId = session.user.sub;
    const health = await signalsHealth(session, params.id, {
      delivery: (pixelId, now) => readPixelDelivery(deliveries(), workspaceId, pixelId, now),
      qualityDays: (pixelId, today, now) => recordQualityDays(deliveries(), workspaceId, pixelId, today, now),
    });
    // Read once, watched from now on: the hourly monitor checks this account for alerts.
    await watchAccount(deliveries(), session.user.sub, params.id, session.deps.now());
    return health;
  },
  metaSession(),
);
