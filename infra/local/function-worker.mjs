// One Lambda execution environment of the twin: a worker thread whose process.env is exactly
// what the function's entry in shared/functions.ts declares (set by the parent). It loads the
// function's bundle once, as Lambda loads index.mjs, and answers invocations with its handler.
import { parentPort, workerData } from 'node:worker_threads';

// Lambda runs with NODE_OPTIONS=--enable-source-maps (see AppFunction): stack traces name our sources.
process.setSourceMapsEnabled(true);

/** What crosses the thread boundary for a failure: structured clone drops an Error's own fields. */
function serializeError(error) {
  if (error instanceof Error) {
    return { name: error.name, message: error.message, stack: error.stack, code: error.code };
  }
  return { name: 'Error', message: String(error) };
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
    const result = await handler(event, lambdaContext);
    parentPort.postMessage({ type: 'result', id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ type: 'result', id, ok: false, error: serializeError(error) });
  }
});
