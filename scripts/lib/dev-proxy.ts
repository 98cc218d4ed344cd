/**
 * The front of `npm run dev`: a Node HTTP server on the port the developer opens, in front of
 * `wrangler dev` on a port of its own. It passes every request through unchanged, except:
 *
 *   /__dev/client.js   the dev client (app/client/dev-client.ts, bundled by scripts/dev.ts)
 *   /__dev/events      Server-Sent Events: what changed, content problems, reload
 *   HTML pages         get `<script type="module" src="/__dev/client.js">` before `</head>`
 *
 * Why here and not in the worker: the worker and the client bundle stay byte for byte what
 * `npm start` and a deploy serve (no dev flag to forget, nothing in the bundle budget), and the
 * page's own CSP already allows both the script and the event stream, which are same-origin.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { LocatedProblem } from './dev-problems';

export const DEV_CLIENT_PATH = '/__dev/client.js';
export const DEV_EVENTS_PATH = '/__dev/events';
export const DEV_CLIENT_TAG = `<script type="module" src="${DEV_CLIENT_PATH}"></script>`;

/** What the dev client is told (app/client/dev-client.ts reads the same shapes). */
export type DevEvent =
  | { type: 'hello'; buildId: string }
  | { type: 'content'; buildId: string; changed: string[]; pathsChanged: boolean }
  | { type: 'reload' }
  | { type: 'problems'; problems: LocatedProblem[] }
  | { type: 'fixed' };

/** The HTML with the dev client's tag, before `</head>` (or at the end when there is none). */
export function withDevClient(html: string): string {
  const at = html.search(/<\/head>/i);
  return at === -1 ? html + DEV_CLIENT_TAG : html.slice(0, at) + DEV_CLIENT_TAG + html.slice(at);
}

export const sseMessage = (event: DevEvent) => `data: ${JSON.stringify(event)}\n\n`;

export interface DevProxy {
  /** tells every open tab, and remembers problems for tabs opened later */
  send(event: DevEvent): void;
  /** how many tabs listen */
  listeners(): number;
  close(): Promise<void>;
}

export interface DevProxyOptions {
  port: number;
  /** where wrangler dev listens (127.0.0.1) */
  upstreamPort: number;
  /** the dev client's code, as last bundled */
  clientScript: () => string;
  /** the build published last, which a tab that connects is told (it may have missed events while hidden) */
  liveBuildId: () => string;
}

function passThrough(req: IncomingMessage, res: ServerResponse, upstreamPort: number): void {
  const headers = { ...req.headers };
  // Uncompressed, so an HTML page can be read and added to.
  delete headers['accept-encoding'];
  const upstream = request({ host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers }, (answer) => {
    const type = String(answer.headers['content-type'] ?? '');
    if (!type.startsWith('text/html') || req.method === 'HEAD') {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      return;
    }
    const chunks: Buffer[] = [];
    answer.on('data', (c: Buffer) => chunks.push(c));
    answer.on('end', () => {
      const body = Buffer.from(withDevClient(Buffer.concat(chunks).toString('utf8')));
      const out = { ...answer.headers, 'content-length': String(body.length) };
      delete out['transfer-encoding'];
      res.writeHead(answer.statusCode ?? 502, out);
      res.end(body);
    });
    answer.on('error', () => res.destroy());
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('npm run dev: wrangler dev did not answer; see the terminal\n');
  });
  req.pipe(upstream);
}

export async function startDevProxy({ port, upstreamPort, clientScript, liveBuildId }: DevProxyOptions): Promise<DevProxy> {
  const streams = new Set<ServerResponse>();
  let problems: DevEvent | null = null;

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === DEV_CLIENT_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(clientScript());
      return;
    }
    if (path === DEV_EVENTS_PATH) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      // A tab whose stream drops (the server restarting) tries again soon.
      res.write('retry: 500\n\n');
      res.write(sseMessage({ type: 'hello', buildId: liveBuildId() }));
      if (problems) res.write(sseMessage(problems));
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }
    passThrough(req, res, upstreamPort);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // Proxies and browsers drop a stream that is silent for long; a comment line keeps it open.
  const keepAlive = setInterval(() => streams.forEach((s) => s.write(': still here\n\n')), 15_000);
  keepAlive.unref();

  return {
    send(event) {
      problems = event.type === 'problems' ? event : null;
      const message = sseMessage(event);
      streams.forEach((s) => s.write(message));
    },
    listeners: () => streams.size,
    async close() {
      clearInterval(keepAlive);
      streams.forEach((s) => s.end());
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
