/**
 * The dev server in front of wrangler dev (scripts/lib/dev-proxy.ts), in-process against a
 * plain Node server standing in for it: pages get the dev client, nothing else changes, and
 * the event stream tells tabs, late ones included.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_CLIENT_TAG, startDevProxy, withDevClient, type DevProxy } from '../../scripts/lib/dev-proxy';
import { freePort } from '../../scripts/lib/free-port';

const HTML = '<!doctype html><html><head><title>t</title></head><body><main>x</main></body></html>';
let upstream: Server;
let proxy: DevProxy;
let url: string;
const seen: { path: string; acceptEncoding?: string; host?: string }[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push({ path: req.url!, acceptEncoding: req.headers['accept-encoding'], host: req.headers.host });
    if (req.url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "script-src 'self'" });
      res.end(HTML);
    } else if (req.url === '/data.json') {
      res.writeHead(200, { 'content-type': 'application/json', etag: '"e"' });
      res.end('{"a":1}');
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('nope');
    }
  });
  const upstreamPort = await freePort();
  await new Promise<void>((r) => upstream.listen(upstreamPort, '127.0.0.1', r));
  const port = await freePort();
  proxy = await startDevProxy({ port, upstreamPort, clientScript: () => 'console.log("dev")', liveBuildId: () => 'b1' });
  url = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await proxy?.close();
  await new Promise((r) => upstream?.close(r));
});

/** The events a new stream receives within `ms`. */
async function eventsWithin(ms: number, during?: () => void): Promise<unknown[]> {
  const controller = new AbortController();
  const res = await fetch(`${url}/__dev/events`, { signal: controller.signal });
  expect(res.headers.get('content-type')).toBe('text/event-stream');
  const reader = res.body!.getReader();
  let text = '';
  const timer = setTimeout(() => controller.abort(), ms);
  during?.();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
  } catch {
    // aborted: the time is up
  }
  clearTimeout(timer);
  return [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!));
}

describe('the dev server', () => {
  test('adds the dev client’s script to a page before </head>, and keeps its status and CSP', async () => {
    const res = await fetch(`${url}/page`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("script-src 'self'");
    const body = await res.text();
    expect(body).toBe(HTML.replace('</head>', `${DEV_CLIENT_TAG}</head>`));
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(body));
  });

  test('passes anything that is not a page through unchanged, asking wrangler for it uncompressed under the same host', async () => {
    const res = await fetch(`${url}/data.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(await res.text()).toBe('{"a":1}');
    expect(res.headers.get('etag')).toBe('"e"');
    expect((await fetch(`${url}/missing`)).status).toBe(404);
    const asked = seen.find((s) => s.path === '/data.json')!;
    expect(asked.acceptEncoding).toBeUndefined();
    expect(asked.host).toBe(new URL(url).host);
  });

  test('serves the dev client, never cached', async () => {
    const res = await fetch(`${url}/__dev/client.js`);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('console.log("dev")');
  });

  test('tells a tab that connects the live build, then streams each event to it', async () => {
    const events = await eventsWithin(400, () => setTimeout(() => proxy.send({ type: 'reload' }), 150));
    expect(events).toEqual([{ type: 'hello', buildId: 'b1' }, { type: 'reload' }]);
  });

  test('tells a tab opened while the content has problems about them, and one opened after the fix nothing', async () => {
    const problems = [{ file: 'content/pages/en/a.json', path: 'title', message: 'Required', line: 2, column: 3 }];
    proxy.send({ type: 'problems', problems });
    expect(await eventsWithin(150)).toEqual([
      { type: 'hello', buildId: 'b1' },
      { type: 'problems', problems },
    ]);
    proxy.send({ type: 'fixed' });
    expect(await eventsWithin(150)).toEqual([{ type: 'hello', buildId: 'b1' }]);
  });
});

test('a page without a head gets the script at its end', () => {
  expect(withDevClient('<p>x</p>')).toBe(`<p>x</p>${DEV_CLIENT_TAG}`);
});
