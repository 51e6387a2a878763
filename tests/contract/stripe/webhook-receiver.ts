import { createServer } from 'node:http';
import { closeServer } from '@infra/twin/listen';
import { TWIN_HOST } from '@infra/twin/twin-ports';

/** One webhook POST exactly as it arrived: the raw body is what `constructEvent` must verify. */
export interface ReceivedWebhook {
  signature: string | null;
  body: string;
  at: string;
}

/**
 * Stands where the product's webhook route would: answers 200 to every POST on `/webhook` and keeps
 * the raw requests; `GET /received` lists them for the tests (which run in other processes).
 */
export async function startWebhookReceiver(): Promise<{ url: string; webhookUrl: string; stop(): Promise<void> }> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/webhook') {
        const signature = req.headers['stripe-signature'];
        received.push({
          signature: typeof signature === 'string' ? signature : null,
          body: Buffer.concat(chunks).toString('utf8'),
          at: new Date().toISOString(),
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      } else if (req.method === 'GET' && req.url === '/received') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, TWIN_HOST, resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('webhook receiver: no TCP address after listen');
  const url = `http://${TWIN_HOST}:${address.port}`;
  return { url, webhookUrl: `${url}/webhook`, stop: () => closeServer(server) };
}
