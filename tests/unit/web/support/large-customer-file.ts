import type { Mock } from 'vitest';

/**
 * Makes the mocked `apiRequest` answer a customer file above 2 MB as the audiences API does: `start` gives the
 * presigned slot (https://bucket.test/uploads/up-1/file.csv?X-Amz-Signature=x, a PUT of text/csv), processing
 * queues the upload, and each progress read gives the next of `replies`, then done. Any other call is `otherwise`'s.
 */
export function answerLargeFile(
  apiRequest: Mock,
  {
    start,
    expiresAt,
    progress,
    replies,
    otherwise,
  }: {
    start: 'startCustomerListUpload' | 'startCustomerListRefresh';
    expiresAt: string;
    progress: (patch: Record<string, unknown>) => Record<string, unknown>;
    replies: Record<string, unknown>[];
    otherwise: (name: string) => unknown;
  },
) {
  apiRequest.mockImplementation(async (name: string) => {
    if (name === start)
      return {
        uploadId: 'up-1',
        uploadUrl: 'https://bucket.test/uploads/up-1/file.csv?X-Amz-Signature=x',
        method: 'PUT',
        headers: { 'content-type': 'text/csv' },
        expiresAt,
      };
    if (name === 'processCustomerListUpload') return progress({ state: 'queued' });
    if (name === 'customerListUploadProgress') return replies.shift() ?? progress({ state: 'done' });
    return otherwise(name);
  });
}
