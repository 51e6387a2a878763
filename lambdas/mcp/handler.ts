import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { countRequestOutcome, instrumented } from '../lib/http/instrumentation';
import { assertThroughCloudFront } from '../lib/http/origin-check';
import { errorReply } from '../lib/http/replies';
import { logger } from '../lib/observability';

const dispatch = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  // Only CloudFront's requests are served (see origin-check), before anything else reads the request.
  await assertThroughCloudFront(event.headers);
  // The MCP SDK, the agent's tools and their schemas (mcp-request.ts) load on the first request, not at init.
  const { serveRequest } = await import('./mcp-request');
  return serveRequest(event);
};

/** The agent's MCP server at /api/mcp: wiring only (serve-mcp.ts has the logic). */
export const handler = instrumented<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>(
  (event) => event.requestContext?.requestId,
)
  .use({
    after: (request) => countRequestOutcome(request.response?.statusCode),
    onError: (request) => {
      request.response = errorReply(request.error, logger);
      countRequestOutcome(request.response.statusCode);
    },
  })
  .handler(dispatch);
