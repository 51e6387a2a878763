// What Lambda's Node.js runtime has done before it imports a handler, so the bench times only the handler's own
// init: the `awslambda` global, and the built-in modules the runtime interface client requires for itself first —
// `http` (with an Agent for the Runtime API), `net`, `util`, `assert`, `fs`, `path` and `module`
// (aws/aws-lambda-nodejs-runtime-interface-client: src/index.mjs requires RAPIDClient, Runtime, UserFunction,
// Errors and LogPatch, and constructs the RAPID client, before `UserFunction.load`). A handler that loads them again
// gets the runtime's copies, as on Lambda.
import { createRequire } from 'node:module';
import '../../infra/twin/lambda-runtime-globals.mjs';

const require = createRequire(import.meta.url);
for (const name of ['util', 'assert', 'fs', 'path', 'module', 'net']) require(name);
new (require('http').Agent)({ keepAlive: true, maxSockets: 1 });
