/**
 * A webhook receiver for the delivery tests: a Node http server on 127.0.0.1 that records
 * what it is sent and answers as the test says (accept, fail with a status, or never answer),
 * plus the Miniflare outbound service that routes the worker's https webhook URL to it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** How to answer: `times` answers this way, then accept again (unset: until told otherwise). */
export type ReceiverMode = { answer: 'ok' } | { answer: 'status'; status: number; times?: number } | { answer: 'hang'; times?: number };

export interface WebhookReceiver {
  url: string;
  /** every request, in arrival order, whatever it was answered */
  requests: Received[];
  /** the requests answered 2xx */
  accepted: Received[];
  setMode(mode: ReceiverMode): void;
  /** for Miniflare's `outboundService`: every fetch the worker makes lands here */
  outbound(request: Request): Promise<Response>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let mode: ReceiverMode = { answer: 'ok' };
  const requests: Received[] = [];
  const accepted: Received[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const received = { path: req.url ?? '/', headers, body };
      requests.push(received);
      const now = mode;
      if (now.answer !== 'ok' && now.times !== undefined && --now.times <= 0) mode = { answer: 'ok' };
      if (now.answer === 'hang') return void hanging.add(res);
      if (now.answer === 'status') return void res.writeHead(now.status).end('no');
      accepted.push(received);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    requests,
    accepted,
    setMode(next) {
      mode = { ...next };
    },
    async outbound(request) {
      const target = new URL(request.url);
      try {
        const res = await fetch(url + target.pathname + target.search, {
          method: request.method,
          headers: request.headers,
          body: request.method === 'GET' ? undefined : await request.text(),
          redirect: 'manual',
        });
        return new Response(await res.text(), { status: res.status, headers: res.headers });
      } catch (err) {
        return new Response(`receiver unreachable: ${String(err)}`, { status: 502 });
      }
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
