import { httpFunction } from '../lib/http/http-function';
import {
  decideRoute,
  detailRoute,
  linkDecideRoute,
  linkRoute,
  listRoute,
  resendRoute,
  revokeRoute,
  saveSettingsRoute,
  sendRoute,
  settingsRoute,
} from './route-approvals';

// One module serves every route (approvals.ts), so loading it on first use (onFirstUse) only moved its cost from
// init to the first request: 49 ms init then 91–93 ms, against 82–86 ms init and 90–95 with its first request
// (docs/benchmarks.md, session 23). Init loads it.
export const handler = httpFunction([
  sendRoute,
  listRoute,
  settingsRoute,
  saveSettingsRoute,
  detailRoute,
  decideRoute,
  revokeRoute,
  resendRoute,
  linkRoute,
  linkDecideRoute,
]);
