/** What a client observes when a step throws, for each kind of error. */
import { HTTPException } from 'hono/http-exception';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { BuildMemory } from '../../worker/build-memory';
import { CorruptRecordError, KvUnavailableError } from '../../worker/kv-records';
import { MultipartError } from '../../worker/forms/multipart';
import { RefusedPathError } from '../../worker/request-path';
import { BASE_SECURITY_HEADERS } from '../../worker/security-header-values';
import { fixtureBuild, given, request, testApp } from './in-process';

let logged: string[];
beforeEach(() => {
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)));
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** An app whose isolate knows a complete build, with one route that throws `err`. */
function throwing(err: unknown) {
  const memory = new BuildMemory();
  memory.lastComplete = fixtureBuild();
  const app = testApp({ memory });
  app.use(given());
  app.get('/en/broken', () => {
    throw err;
  });
  return app;
}

describe('the error handler', () => {
  test('answers an HTTPException with its status and its message as plain text, never cached', async () => {
    const res = await request(throwing(new HTTPException(401, { message: 'Sign in first.' })), '/en/broken');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('Sign in first.');
  });

  test('answers an HTTPException that carries a response with that response', async () => {
    const res = new Response('{"error":"nope"}', { status: 429, headers: { 'Retry-After': '60', 'Content-Type': 'application/json' } });
    const answer = await request(throwing(new HTTPException(429, { res })), '/en/broken');
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('60');
    expect(await answer.json()).toEqual({ error: 'nope' });
  });

  test('does not log a refusal as a fault', async () => {
    await request(throwing(new HTTPException(403, { message: 'No.' })), '/en/broken');
    expect(logged).toEqual([]);
  });

  test('answers an unknown error with the 500 screen and the request id, without its message or stack', async () => {
    const res = await request(throwing(new TypeError('secret internals at line 42')), '/en/broken');
    const html = await res.text();
    expect(res.status).toBe(500);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('0123456789abcdef-AMS');
    expect(html).not.toContain('secret internals');
    expect(html).not.toContain('error-handler.test');
  });

  test('logs a fault with its name and message, for the operator only', async () => {
    await request(throwing(new TypeError('secret internals')), '/en/broken');
    expect(logged.map((l) => JSON.parse(l) as unknown)).toEqual([
      {
        type: 'error',
        requestId: '0123456789abcdef-AMS',
        path: '/en/broken',
        build: '0123456789abcdef',
        fault: 'TypeError',
        message: 'secret internals',
      },
    ]);
  });

  test('answers a KvUnavailableError with the 503 "temporarily unavailable" page and Retry-After', async () => {
    const res = await request(throwing(new KvUnavailableError('payloads/x.json', 'no answer within 1000 ms')), '/en/broken');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await res.text()).not.toContain('payloads/x.json');
    expect(JSON.parse(logged[0]!)).toMatchObject({ fault: 'KvUnavailableError' });
  });

  test('answers a CorruptRecordError with the 500 screen, naming it in the log only', async () => {
    const res = await request(throwing(new CorruptRecordError('payloads/x.json', 'not JSON')), '/en/broken');
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('payloads/x.json');
    expect(JSON.parse(logged[0]!)).toMatchObject({
      fault: 'CorruptRecordError',
      message: 'KV record payloads/x.json is corrupt: not JSON',
    });
  });

  test('answers a domain error about the request, such as a MultipartError, with its status and message', async () => {
    const res = await request(throwing(new MultipartError('a multipart body that ends early')), '/en/broken');
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('a multipart body that ends early');
  });

  test('with no complete build known, answers any fault with the 503 page', async () => {
    const app = testApp();
    app.get('/en/broken', () => {
      throw new Error('boom');
    });
    const res = await request(app, '/en/broken');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  test('answers a refused path for a browser with the site’s 404 screen, of the live build, never cached', async () => {
    const err = new RefusedPathError({ ok: false, status: 404, reason: 'path too long to be a page' }, '/et/' + 'a'.repeat(1100));
    const res = await request(throwing(err), '/en/broken', { headers: { accept: 'text/html,application/xhtml+xml' } });
    const html = await res.text();
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('data-status="404"');
    expect(html).toContain('Page Not Found');
    // the language of the path's first segment, as on any 404 screen
    expect(html).toContain('lang="et-EE"');
  });

  test('answers a refused path that is a 400 for a browser with the error screen, status 400 and the path it names', async () => {
    const err = new RefusedPathError({ ok: false, status: 400, reason: 'control character in path' }, '/en/page%00');
    const res = await request(throwing(err), '/en/broken', { headers: { accept: 'text/html' } });
    const html = await res.text();
    expect(res.status).toBe(400);
    expect(html).toContain('data-status="400"');
    expect(html).toMatch(/400(<!-- -->)? · (<!-- -->)?Bad Request/);
    expect(html).toContain('Page not found: /en/page%00');
  });

  test('answers a refused path with plain text for a client that does not take HTML', async () => {
    const err = new RefusedPathError({ ok: false, status: 400, reason: 'encoded slash or backslash in path' }, '/_app%2Fhealth');
    const res = await request(throwing(err), '/en/broken', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('Bad Request');
    expect(logged).toEqual([]);
  });

  test('gives every answer the base security headers itself', async () => {
    for (const err of [new HTTPException(403, { message: 'No.' }), new MultipartError('bad'), new TypeError('bug')]) {
      const res = await request(throwing(err), '/en/broken');
      for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS))
        expect(res.headers.get(name), `${name} on ${err.name}`).toBe(value);
    }
  });
});
