import { graphicsExportRoutes as routes } from '@shared/function-routes/graphics-export';
import { aiRuntime } from '../lib/ai/ai-runtime';
import { recordTokenUsage } from '../lib/ai/token-usage';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { s3Client } from '../lib/aws/s3';
import { planOfUser } from '../lib/billing/plan-record';
import { bucketName } from '../lib/bucket-name';
import { writeAltText } from '../lib/graphics-export/alt-text';
import { exportDesign, type ExportDeps } from '../lib/graphics-export/export-design';
import { renderDesignImage } from '../lib/graphics-render/render-design-image';
import { httpFunction, on } from '../lib/http/http-function';
import { logger, metrics } from '../lib/observability';
import { consumeWorkspaceQuota, refundQuota } from '../lib/quota/plan-quota';
import { tableName } from '../lib/table-name';

/** Alt text may take this long; the renderer runs meanwhile, so it rarely adds to the export's time. */
const ALT_TEXT_BUDGET_MS = 8_000;

const deps = (userId: string): ExportDeps => {
  const doc = dynamoDocumentClient();
  const planOf = (user: string) => planOfUser(doc, tableName('userPlans'), user);
  const counters = { doc, table: tableName('quotaUsage') };
  const plansTable = { doc, table: tableName('userPlans') };
  return {
    store: { doc, table: tableName('graphicsItems') },
    bucket: { s3: s3Client, bucket: bucketName('assets') },
    planOf,
    now: () => new Date(),
    quota: {
      // An attached client workspace draws on its agency's pool (the grant names whose counter, for the refund).
      consume: (user) => consumeWorkspaceQuota(counters, plansTable, user, 'graphicsExportsPerMonth'),
      refund: (user, grant) => refundQuota(counters, user, grant),
    },
    render: renderDesignImage,
    altText: (design, descriptions) =>
      writeAltText(
        {
          openai: aiRuntime,
          deadline: Date.now() + ALT_TEXT_BUDGET_MS,
          log: (message, facts) => logger.warn(message, facts),
          onUsage: (usage) => recordTokenUsage(metrics, 'alt-text', userId, usage),
        },
        design,
        descriptions,
      ),
    log: (message, facts) => logger.info(message, facts),
  };
};

export const handler = httpFunction([
  on(routes.graphicsExportDesign, ({ user, params, body }) => exportDesign(deps(user.sub), user.sub, params.id, body)),
]);
