// Preloaded (`node --import`) into the process that times a bundle's module init: Lambda's Node.js
// runtime defines the global `awslambda` before it loads a handler, and a streaming function
// (lambdas/lib/http/stream-function.ts) calls `awslambda.streamifyResponse` at module scope.
// Same names as the runtime (and the twin's infra/twin/function-worker.mjs); init never streams.
const STREAMING = Symbol.for('aws.lambda.runtime.handler.streaming');
globalThis.awslambda = {
  streamifyResponse(handler) {
    handler[STREAMING] = 'response';
    return handler;
  },
  HttpResponseStream: {
    from(stream, metadata) {
      stream.setHttpMetadata?.(metadata);
      return stream;
    },
  },
};
