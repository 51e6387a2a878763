import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';

/** Function folder names under lambdas/: kebab-case, nothing that could walk out of the folder. */
const FUNCTION_NAME = /^[a-z][a-z0-9-]{0,62}$/;

export type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

export interface FunctionRunnerOptions {
  /** The folder holding `<fn>/handler.ts`; the repo's lambdas/ unless a test says otherwise. */
  lambdasDir: string;
  /** Names functions as the stack does, e.g. `adsmith-local-account`. */
  functionNamePrefix: string;
  region: string;
  /** Lambda's timeout; API Gateway itself gives up after 30 s. */
  timeoutMs?: number;
}

export class FunctionTimeoutError extends Error {
  constructor(fn: string, ms: number) {
    super(`Function ${fn} timed out after ${ms} ms`);
    this.name = 'FunctionTimeoutError';
  }
}

/**
 * Runs the real handler files in this process, as Lambda would run them: one
 * module load per function (a warm container), an invocation context per call.
 * Handlers read their configuration from process.env, which the twin sets before
 * the first load.
 */
export class FunctionRunner {
  readonly #modules = new Map<string, Promise<LambdaHandler>>();

  constructor(private readonly options: FunctionRunnerOptions) {}

  handlerFile(fn: string): string {
    if (!FUNCTION_NAME.test(fn)) throw new Error(`Not a function name: ${JSON.stringify(fn)}`);
    return path.join(this.options.lambdasDir, fn, 'handler.ts');
  }

  exists(fn: string): boolean {
    return existsSync(this.handlerFile(fn));
  }

  load(fn: string): Promise<LambdaHandler> {
    let loading = this.#modules.get(fn);
    if (!loading) {
      loading = import(pathToFileURL(this.handlerFile(fn)).href).then((module: { handler?: unknown }) => {
        if (typeof module.handler !== 'function')
          throw new Error(`${this.handlerFile(fn)} does not export a handler function`);
        return module.handler as LambdaHandler;
      });
      // A failed load is not cached: fix the file and the next call retries.
      loading.catch(() => this.#modules.delete(fn));
      this.#modules.set(fn, loading);
    }
    return loading;
  }

  /** Loads the functions' modules in the background; a missing or broken one is reported, not thrown. */
  warm(fns: readonly string[], log: (line: string) => void): void {
    for (const fn of fns) {
      if (!this.exists(fn)) {
        log(`lambdas/${fn}/handler.ts does not exist yet; calls to it fail`);
        continue;
      }
      this.load(fn).catch((error: unknown) =>
        console.error(`[functions] lambdas/${fn}/handler.ts failed to load:`, error),
      );
    }
  }

  async invoke(fn: string, event: unknown): Promise<unknown> {
    const handler = await this.load(fn);
    const timeoutMs = this.options.timeoutMs ?? 29_000;
    const deadline = Date.now() + timeoutMs;
    const functionName = `${this.options.functionNamePrefix}${fn}`;
    const context: Context = {
      callbackWaitsForEmptyEventLoop: true,
      functionName,
      functionVersion: '$LATEST',
      invokedFunctionArn: `arn:aws:lambda:${this.options.region}:000000000000:function:${functionName}`,
      memoryLimitInMB: '1024',
      awsRequestId: randomUUID(),
      logGroupName: `/aws/lambda/${functionName}`,
      logStreamName: `local/${fn}`,
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
      done: () => undefined,
      fail: () => undefined,
      succeed: () => undefined,
    };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new FunctionTimeoutError(fn, timeoutMs)), timeoutMs);
    });
    try {
      return await Promise.race([handler(event, context), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
