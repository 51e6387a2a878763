import { httpFunction, onFirstUse } from '../lib/http/http-function';

// Each route's schemas and logic load on its first request (route-*.ts): a cold start pays for the route it serves.
export const handler = httpFunction([
  onFirstUse('GET /api/audiences/ad-accounts/{id}', async () => (await import('./route-list')).listAudiencesRoute),
  onFirstUse(
    'POST /api/audiences/ad-accounts/{id}/customer-lists',
    async () => (await import('./route-customer-lists')).createCustomerListRoute,
  ),
  onFirstUse(
    'POST /api/audiences/ad-accounts/{id}/customer-list-uploads',
    async () => (await import('./route-customer-list-uploads')).startUploadRoute,
  ),
  onFirstUse(
    'POST /api/audiences/ad-accounts/{id}/customer-lists/{audienceId}/uploads',
    async () => (await import('./route-customer-list-uploads')).startRefreshRoute,
  ),
  onFirstUse(
    'POST /api/audiences/ad-accounts/{id}/customer-list-uploads/{uploadId}/process',
    async () => (await import('./route-customer-list-uploads')).processUploadRoute,
  ),
  onFirstUse(
    'GET /api/audiences/ad-accounts/{id}/customer-list-uploads/{uploadId}',
    async () => (await import('./route-customer-list-uploads')).uploadProgressRoute,
  ),
  onFirstUse(
    'PUT /api/audiences/ad-accounts/{id}/customer-lists/{audienceId}',
    async () => (await import('./route-customer-lists')).refreshCustomerListRoute,
  ),
  onFirstUse(
    'POST /api/audiences/ad-accounts/{id}/website',
    async () => (await import('./route-rule-audiences')).websiteRoute,
  ),
  onFirstUse(
    'POST /api/audiences/ad-accounts/{id}/engagement',
    async () => (await import('./route-rule-audiences')).engagementRoute,
  ),
  onFirstUse(
    'POST /api/audiences/ad-accounts/{id}/lookalikes',
    async () => (await import('./route-rule-audiences')).lookalikeRoute,
  ),
  onFirstUse(
    'DELETE /api/audiences/ad-accounts/{id}/audiences/{audienceId}',
    async () => (await import('./route-rule-audiences')).deleteRoute,
  ),
  onFirstUse(
    'PUT /api/audiences/members/{memberId}/customer-uploads',
    async () => (await import('./route-customer-uploads')).setPermissionRoute,
  ),
  onFirstUse(
    'GET /api/audiences/customer-uploads',
    async () => (await import('./route-customer-uploads')).listCustomerUploadsRoute,
  ),
]);
