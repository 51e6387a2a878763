// One Lambda execution environment of the twin: a worker thread whose process.env is exactly
// what the function's entry in shared/functions.ts declares (set by the parent). It loads the
// function's bundle once, as Lambda loads index.mjs, and answers invocations with its handler.
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { STREAMING } from './lambda-runtime-globals.mjs';

// Stack traces name our sources. On Lambda only a logged error's are mapped, from the maps beside the bundle
// (lambdas/lib/stack-source-maps.ts: Node mapping every module at load costs each cold start); here every stack is,
// from the maps inline in the twin's unminified bundles, which the logger's mapping then leaves as they are.
process.setSourceMapsEnabled(true);

/** What crosses the thread boundary for a failure: structured clone drops an Error's own fields. */
function serializeError(error) {
  if (error instanceof Error) {
    return { name: error.name, message: error.message, stack: error.stack, code: error.code };
  }
  return { name: 'Error', message: String(error) };
}

/** The response stream of one invocation: its head, then each chunk, posted to the parent as written. */
class ResponseStream extends Writable {
  #id;
  #metadata = null;
  headSent = false;
  constructor(id) {
    super();
    this.#id = id;
  }
  setContentType(contentType) {
    this.setHttpMetadata({
      ...(this.#metadata ?? { statusCode: 200 }),
      headers: { ...this.#metadata?.headers, 'content-type': contentType },
    });
  }
  setHttpMetadata(metadata) {
    if (this.headSent) throw new Error('HttpResponseStream.from was called after the body started');
    this.#metadata = metadata;
  }
  sendHead() {
    if (this.headSent) return;
    this.headSent = true;
    // A function URL sends 200 application/octet-stream when the handler set nothing.
    const metadata = this.#metadata ?? { statusCode: 200, headers: { 'content-type': 'application/octet-stream' } };
    parentPort.postMessage({ type: 'stream-head', id: this.#id, metadata });
  }
  _write(chunk, _encoding, callback) {
    this.sendHead();
    parentPort.postMessage({ type: 'stream-chunk', id: this.#id, chunk: new Uint8Array(chunk) });
    callback();
  }
  _final(callback) {
    this.sendHead();
    callback();
  }
}

let handler;
try {
  const module = await import(workerData.bundleUrl);
  if (typeof module.handler !== 'function')
    throw new Error(`${workerData.handlerFile} does not export a handler function`);
  handler = module.handler;
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'load-failed', error: serializeError(error) });
  process.exit(1);
}

parentPort.on('message', async (message) => {
  const { id, event, context } = message;
  const lambdaContext = {
    callbackWaitsForEmptyEventLoop: true,
    functionName: context.functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: context.invokedFunctionArn,
    memoryLimitInMB: context.memoryLimitInMB,
    awsRequestId: context.awsRequestId,
    logGroupName: context.logGroupName,
    logStreamName: context.logStreamName,
    getRemainingTimeInMillis: () => Math.max(0, context.deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
  try {
    if (handler[STREAMING] === 'response') {
      const stream = new ResponseStream(id);
      await handler(event, stream, lambdaContext);
      // The invocation ends when the handler's promise settles; an unended stream is ended for it.
      if (!stream.writableEnded) await new Promise((resolve) => stream.end(resolve));
      else if (!stream.writableFinished) await new Promise((resolve) => stream.once('finish', resolve));
      parentPort.postMessage({ type: 'result', id, ok: true, result: { streamed: true } });
      return;
    }
    const result = await handler(event, lambdaContext);
    parentPort.postMessage({ type: 'result', id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ type: 'result', id, ok: false, error: serializeError(error) });
  }
});
