// What Lambda's Node.js runtime defines before it loads a handler: the global `awslambda` for response
// streaming. `streamifyResponse` marks a handler as streaming and `HttpResponseStream.from` sets the status
// and headers a function URL sends before the body; a streaming function (lambdas/lib/http/stream-function.ts)
// calls `streamifyResponse` at module scope. Same names, same behaviour. Loaded by the twin's function worker
// and preloaded (`node --import`) by the bench that times a bundle's module init.
/** How the runtime marks a streaming handler (`handler[STREAMING] === 'response'`). */
export const STREAMING = Symbol.for('aws.lambda.runtime.handler.streaming');
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
