import { writeFileSync } from 'node:fs';
import { computeFontMetrics, renderFontMetricsModule } from './font-metrics-source';

/** `npx tsx tests/support/graphics/write-font-metrics.ts`: regenerate the table after changing the bundled fonts. */
const target = new URL('../../../shared/graphics/font-metrics.generated.ts', import.meta.url);
writeFileSync(target, renderFontMetricsModule(computeFontMetrics()));
console.log(`wrote ${target.pathname}`);
