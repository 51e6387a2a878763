import { httpFunction, onFirstUse } from '../lib/http/http-function';

// Each group of routes loads with its first request, not at init (issue 23 req 15): the stored rules need no Meta
// code; saving, switching on and running a rule check its account against the user's connection; the backtest
// brings the rules engine.
const stored = () => import('./route-rules');
const checked = () => import('./route-checked');
const backtest = () => import('./route-backtest');

export const handler = httpFunction([
  onFirstUse('GET /api/rules', async () => (await stored()).listRoute),
  onFirstUse('POST /api/rules', async () => (await checked()).createRoute),
  onFirstUse('PUT /api/rules/{id}', async () => (await checked()).updateRoute),
  onFirstUse('PUT /api/rules/{id}/status', async () => (await checked()).setStatusRoute),
  onFirstUse('DELETE /api/rules/{id}', async () => (await stored()).deleteRoute),
  onFirstUse('GET /api/rules/{id}/versions', async () => (await stored()).versionsRoute),
  onFirstUse('POST /api/rules/{id}/run', async () => (await checked()).runNowRoute),
  onFirstUse('POST /api/rules/backtest', async () => (await backtest()).backtestRoute),
  onFirstUse('GET /api/rules/runs', async () => (await stored()).runsRoute),
  onFirstUse('PUT /api/rule-settings', async () => (await stored()).settingsRoute),
]);
