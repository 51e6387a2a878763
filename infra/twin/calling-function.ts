import type { IncomingMessage } from 'node:http';
import { functionNames, type FunctionName } from '@shared/functions';
import { functionOfAccessKey } from './function-environment';

const CREDENTIAL = /Credential=([^/,\s]+)\//;
let known: Set<string> | undefined;

/**
 * The function that signed an AWS request, from the access key in its SigV4 Authorization header (each function
 * signs with its own: function-environment.ts). Undefined for the twin itself, tests, tools and unsigned calls
 * (the browser's Amplify), which IAM does not judge here.
 */
export function callingFunction(request: IncomingMessage): FunctionName | undefined {
  const keyId = CREDENTIAL.exec(request.headers.authorization ?? '')?.[1];
  const fn = keyId ? functionOfAccessKey(keyId) : undefined;
  known ??= new Set<string>(functionNames());
  return fn && known.has(fn) ? (fn as FunctionName) : undefined;
}
