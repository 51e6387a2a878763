/** What a route answers; the server turns it into an HTTP response. */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
  html?: string;
  /** Location of a 302 redirect. */
  redirect?: string;
}

export function jsonReply(json: unknown, status = 200, headers: Record<string, string> = {}): Reply {
  return { status, json, headers };
}
