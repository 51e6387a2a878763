import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { functionNames } from '@shared/functions';
import type { TwinEndpoints } from './endpoints-file';
import { startServices } from './services/twin-service';
import { twinSettings, type TwinOptions } from './twin-options';
import { twinServiceList } from './twin-services';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Twin {
  endpoints: TwinEndpoints;
  /** Files the twin wrote, for people and tools. */
  files: { endpoints: string; webConfig: string };
  /** Settles when every function's execution environment has loaded (or failed to). */
  warmed: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the local twin: every AWS service the product uses, spoken locally over
 * the real wire protocols, with the real handlers. Idempotent over `stateDir`.
 * The services start as listed in twin-services.ts; on failure everything already
 * started is stopped before the error is thrown.
 */
export async function startTwin(options: TwinOptions = {}): Promise<Twin> {
  const settings = twinSettings(options, REPO_ROOT);
  // The SDK warns that Node 20 support ends in 2027; functions run on Node 22 in AWS, so here it is noise.
  // (The twin's own clients; functions get the same setting in their environment.)
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

  // Last started, first stopped; one failing stop must not keep the others running.
  const services = await startServices(twinServiceList(settings), (error) =>
    console.error('[twin] stop failed:', error),
  );
  const { endpoints, file } = await services.ready('endpointsFile');
  const webConfig = await services.ready('webConfig');
  // Off the critical path, so the first request is warm and a broken file shows at once.
  const warmed = (await services.ready('functions')).runner.warm(functionNames(), settings.log);
  return { endpoints, files: { endpoints: file, webConfig: webConfig.file }, warmed, stop: services.stop };
}
