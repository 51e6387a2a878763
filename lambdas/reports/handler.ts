import { httpFunction, onFirstUse } from '../lib/http/http-function';

// Each route's schemas and logic load on its first request (route-*.ts): a cold start pays for the route it serves.
export const handler = httpFunction([
  onFirstUse('GET /api/reports/settings', async () => (await import('./route-settings')).settingsRoute),
  onFirstUse('PUT /api/reports/settings', async () => (await import('./route-settings')).saveSettingsRoute),
  onFirstUse('GET /api/reports/preview', async () => (await import('./route-reports')).previewRoute),
  onFirstUse('GET /api/reports/pdf', async () => (await import('./route-reports')).pdfRoute),
  onFirstUse('GET /api/reports/sends', async () => (await import('./route-settings')).sendsRoute),
]);
