// The worker thread behind bundleLambdaSync (bundle-lambda-sync.ts): JavaScript so that it starts in any Node, then
// tsx loads the TypeScript worker (a worker thread does not inherit the loaders its parent was started with).
import { register } from 'tsx/esm/api';

register();
await import('./bundle-lambda-worker.ts');
