import { httpFunction, onFirstUse } from '../lib/http/http-function';

// The routes' schemas and logic (route-approvals.ts: one module, approvals.ts serves them all) load on the first
// request, not at init.
const approvals = () => import('./route-approvals');

export const handler = httpFunction([
  onFirstUse('POST /api/approvals', async () => (await approvals()).sendRoute),
  onFirstUse('GET /api/approvals', async () => (await approvals()).listRoute),
  onFirstUse('GET /api/approvals/settings', async () => (await approvals()).settingsRoute),
  onFirstUse('PUT /api/approvals/settings', async () => (await approvals()).saveSettingsRoute),
  onFirstUse('GET /api/approvals/{id}', async () => (await approvals()).detailRoute),
  onFirstUse('POST /api/approvals/{id}/decision', async () => (await approvals()).decideRoute),
  onFirstUse('POST /api/approvals/{id}/revoke', async () => (await approvals()).revokeRoute),
  onFirstUse('POST /api/approvals/{id}/resend', async () => (await approvals()).resendRoute),
  onFirstUse('GET /api/approval-links/{token}', async () => (await approvals()).linkRoute),
  onFirstUse('POST /api/approval-links/{token}/decision', async () => (await approvals()).linkDecideRoute),
]);
