import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { functionDeclaration, functions, type FunctionName } from '@shared/functions';
import { physicalFunctionName } from '@shared/physical-names';
import { bundledFiles } from '../cdk/lib/bundling/bundled-files';
import { functionBundle } from './function-bundles';

/** Function folder names under lambdas/: kebab-case, nothing that could walk out of the folder. */
const FUNCTION_NAME = /^[a-z][a-z0-9-]{0,62}$/;

const WORKER_FILE = fileURLToPath(new URL('./function-worker.mjs', import.meta.url));
const TSCONFIG = path.resolve(path.dirname(WORKER_FILE), '../../tsconfig.json');
/** How long a stop waits for a handler still loading before ending its worker anyway. */
const LOAD_SETTLE_MS = 15_000;

export interface FunctionRunnerOptions {
  /** The folder holding `<fn>/handler.ts`; the repo's lambdas/ unless a test says otherwise. */
  lambdasDir: string;
  /** Where function bundles are cached (`<dir>/<fn>/index.mjs`), across twins. */
  bundleDir: string;
  /** Names functions as the stack does, e.g. `adsmith-local`. */
  namePrefix: string;
  region: string;
  /**
   * The whole environment of a function's execution environment, from its entry in
   * shared/functions.ts. Asked once per worker, at its first load.
   */
  environment: (fn: FunctionName) => Record<string, string>;
  /** Overrides every entry's timeout (tests). Otherwise the entry's timeoutSeconds, 10 s by default as in CDK. */
  timeoutMs?: number;
}

export class FunctionTimeoutError extends Error {
  constructor(fn: string, ms: number) {
    super(`Function ${fn} timed out after ${ms} ms`);
    this.name = 'FunctionTimeoutError';
  }
}

interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  code?: unknown;
}

/** Where a streaming handler's response goes as it is written. */
export interface ResponseSink {
  head(metadata: { statusCode: number; headers?: Record<string, string>; cookies?: string[] }): void;
  chunk(bytes: Uint8Array): void;
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'stream-head'; id: number; metadata: Parameters<ResponseSink['head']>[0] }
  | { type: 'stream-chunk'; id: number; chunk: Uint8Array }
  | { type: 'load-failed'; error: SerializedError }
  | { type: 'result'; id: number; ok: true; result: unknown }
  | { type: 'result'; id: number; ok: false; error: SerializedError };

function revive(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  error.name = serialized.name;
  if (serialized.stack) error.stack = serialized.stack;
  if (serialized.code !== undefined) Object.assign(error, { code: serialized.code });
  return error;
}

/** One warm execution environment: a worker thread running one function's handler. */
class FunctionWorker {
  readonly ready: Promise<void>;
  #started: Promise<Worker> | undefined;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; sink?: ResponseSink }
  >();
  #nextId = 0;
  #gone: Error | null = null;

  constructor(
    fn: string,
    handlerFile: string,
    bundle: Promise<string>,
    env: Record<string, string>,
    onGone: () => void,
  ) {
    let fail: (error: Error) => void = () => undefined;
    this.ready = new Promise<void>((resolve, reject) => {
      fail = (error: Error) => {
        this.#gone ??= error;
        for (const pending of this.#pending.values()) pending.reject(error);
        this.#pending.clear();
        onGone();
        reject(error);
      };
      this.#started = bundle.then((bundleFile) => {
        // `env` becomes the worker's own process.env: the function sees its declared variables
        // and nothing of the twin's. `execArgv: []` keeps the parent's loaders (tsx, vitest) out.
        const worker = new Worker(WORKER_FILE, {
          env,
          execArgv: [],
          workerData: { handlerFile, bundleUrl: pathToFileURL(bundleFile).href },
          name: `lambda:${fn}`,
        });
        worker.on('message', (message: WorkerMessage) => {
          if (message.type === 'ready') resolve();
          else if (message.type === 'load-failed') fail(revive(message.error));
          else if (message.type === 'stream-head') this.#pending.get(message.id)?.sink?.head(message.metadata);
          else if (message.type === 'stream-chunk') this.#pending.get(message.id)?.sink?.chunk(message.chunk);
          else {
            const pending = this.#pending.get(message.id);
            this.#pending.delete(message.id);
            if (message.ok) pending?.resolve(message.result);
            else pending?.reject(revive(message.error));
          }
        });
        worker.on('error', fail);
        worker.on('exit', (code) => fail(new Error(`lambdas/${fn} worker exited (code ${code})`)));
        return worker;
      });
      this.#started.catch(fail);
    });
    // A failed load is reported to whoever awaits it; never an unhandled rejection.
    this.ready.catch(() => undefined);
  }

  invoke(event: unknown, context: Record<string, unknown>, sink?: ResponseSink): Promise<unknown> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, sink });
      // Called only after `ready`, so the worker exists.
      void this.#started!.then((worker) => worker.postMessage({ id, event, context }));
    });
  }

  /** Forgets an invocation that timed out: a late answer is dropped, as Lambda drops it. */
  abandon(id: number): void {
    this.#pending.delete(id);
  }

  get lastId(): number {
    return this.#nextId - 1;
  }

  /**
   * Ends the environment once its handler has finished loading (or LOAD_SETTLE_MS has passed). Terminating a worker
   * in the middle of loading a native addon (node-av in graphics-video) is a fatal error that takes the whole process
   * with it: a twin stopped during warm-up did so to an integration worker in CI.
   */
  async stop(): Promise<void> {
    const worker = await this.#started?.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.ready.catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, LOAD_SETTLE_MS))),
    ]);
    clearTimeout(timer);
    await worker?.terminate();
  }
}

/**
 * Runs the real handlers as Lambda runs them: each function bundled as CDK bundles it, in its
 * own execution environment (a worker thread with its own process.env, holding exactly the
 * variables its entry in shared/functions.ts declares), loaded once and kept warm, an
 * invocation context per call. A function that forgot to declare a table or secret fails
 * here as in AWS. Handler changes need a restart, as a deploy does.
 */
export class FunctionRunner {
  readonly #workers = new Map<string, FunctionWorker>();
  readonly #bundles = new Map<string, Promise<string>>();
  #stopped = false;

  constructor(private readonly options: FunctionRunnerOptions) {}

  #bundle(fn: string): Promise<string> {
    let bundling = this.#bundles.get(fn);
    if (!bundling) {
      bundling = functionBundle(fn, this.handlerFile(fn), {
        cacheDir: this.options.bundleDir,
        tsconfig: TSCONFIG,
        // The files CDK copies beside this function's bundle, copied the same way (fonts, WASM).
        files: fn in functions ? bundledFiles(functionDeclaration(fn as FunctionName).bundledFiles) : [],
      });
      // A failed build is not kept: fix the file and the next call bundles again.
      bundling.catch(() => this.#bundles.delete(fn));
      this.#bundles.set(fn, bundling);
    }
    return bundling;
  }

  /** Starts bundling the functions (no environment needed yet), so warm-up later is quick. */
  prepare(fns: readonly string[]): void {
    for (const fn of fns) if (this.exists(fn)) this.#bundle(fn).catch(() => undefined);
  }

  handlerFile(fn: string): string {
    if (!FUNCTION_NAME.test(fn)) throw new Error(`Not a function name: ${JSON.stringify(fn)}`);
    return path.join(this.options.lambdasDir, fn, 'handler.ts');
  }

  exists(fn: string): boolean {
    return existsSync(this.handlerFile(fn));
  }

  #worker(fn: string): FunctionWorker {
    if (this.#stopped) throw new Error('The function runner is stopped');
    let worker = this.#workers.get(fn);
    if (!worker) {
      if (!(fn in functions)) throw new Error(`Function ${fn} has no entry in shared/functions.ts`);
      const handlerFile = this.handlerFile(fn);
      const env = this.options.environment(fn as FunctionName);
      const created = new FunctionWorker(fn, handlerFile, this.#bundle(fn), env, () => {
        // A failed load or a crashed worker is not kept: fix the file and the next call starts afresh.
        if (this.#workers.get(fn) === created) this.#workers.delete(fn);
      });
      worker = created;
      this.#workers.set(fn, worker);
    }
    return worker;
  }

  /** Starts the function's execution environment (if needed) and waits until its handler has loaded. */
  load(fn: string): Promise<void> {
    try {
      return this.#worker(fn).ready;
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  /**
   * Loads the functions' handlers in the background; a missing or broken one is reported, not
   * thrown. The promise settles when every one has loaded or failed (tests may wait for it).
   */
  warm(fns: readonly string[], log: (line: string) => void): Promise<void> {
    const loads = fns.map((fn) => {
      if (!this.exists(fn)) {
        log(`lambdas/${fn}/handler.ts does not exist yet; calls to it fail`);
        return Promise.resolve();
      }
      return this.load(fn).catch((error: unknown) => {
        // A twin stopped during warm-up ends its workers on purpose: nothing to report.
        if (!this.#stopped) console.error(`[functions] lambdas/${fn}/handler.ts failed to load:`, error);
      });
    });
    return Promise.all(loads).then(() => undefined);
  }

  /**
   * Invokes a function. A streaming handler (awslambda.streamifyResponse) writes to `sink` as it
   * goes, as a function URL in RESPONSE_STREAM mode delivers it; without a sink its response is
   * collected and returned whole (statusCode, headers, body), as a buffered invoke would.
   */
  async invoke(fn: string, event: unknown, sink?: ResponseSink): Promise<unknown> {
    const worker = this.#worker(fn);
    await worker.ready;
    const declared = functionDeclaration(fn as FunctionName);
    const timeoutMs = this.options.timeoutMs ?? (declared.timeoutSeconds ?? 10) * 1000;
    const functionName = physicalFunctionName(this.options.namePrefix, fn);
    const context = {
      deadline: Date.now() + timeoutMs,
      functionName,
      invokedFunctionArn: `arn:aws:lambda:${this.options.region}:000000000000:function:${functionName}`,
      memoryLimitInMB: String(declared.memorySize ?? 512),
      awsRequestId: randomUUID(),
      logGroupName: `/aws/lambda/${functionName}`,
      logStreamName: `local/${fn}`,
    };
    const collected: { metadata?: Parameters<ResponseSink['head']>[0]; chunks: Uint8Array[] } | undefined = sink
      ? undefined
      : { chunks: [] };
    const target: ResponseSink = sink ?? {
      head: (metadata) => {
        collected!.metadata = metadata;
      },
      chunk: (bytes) => {
        collected!.chunks.push(bytes);
      },
    };
    const reply = worker.invoke(event, context, target).then((result) =>
      collected?.metadata && (result as { streamed?: boolean } | null)?.streamed
        ? {
            statusCode: collected.metadata.statusCode,
            headers: collected.metadata.headers ?? {},
            body: Buffer.concat(collected.chunks).toString('utf8'),
          }
        : result,
    );
    const id = worker.lastId;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        worker.abandon(id);
        reject(new FunctionTimeoutError(fn, timeoutMs));
      }, timeoutMs);
    });
    try {
      return await Promise.race([reply, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Ends every execution environment. */
  async stop(): Promise<void> {
    this.#stopped = true;
    const workers = [...this.#workers.values()];
    this.#workers.clear();
    await Promise.allSettled(workers.map((worker) => worker.stop()));
  }
}
