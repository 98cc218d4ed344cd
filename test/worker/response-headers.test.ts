import type { MiddlewareHandler } from 'hono';
import { describe, expect, test } from 'vitest';
import type { AppEnv } from '../../worker/app-env';
import { afterNext, markHeadersFinal } from '../../worker/response-headers';
import { request, testApp } from './in-process';

/** A header writer as a new middleware would be written. */
const stamp: MiddlewareHandler<AppEnv> = (c, next) => afterNext(c, next, (headers) => headers.set('X-Stamp', 'written'));

describe('header writers through afterNext', () => {
  test('add their headers to the response the handler made', async () => {
    const app = testApp();
    app.use(stamp);
    app.get('/x', (c) => c.text('page', 200, { 'X-Stamp': 'handler' }));
    expect((await request(app, '/x')).headers.get('x-stamp')).toBe('written');
  });

  test('cannot overwrite the headers of a response marked final', async () => {
    const app = testApp();
    app.use(stamp);
    app.get('/x', (c) => {
      markHeadersFinal(c);
      return c.text('remembered page', 200, { 'X-Stamp': 'as first sent' });
    });
    const res = await request(app, '/x');
    expect(res.headers.get('x-stamp')).toBe('as first sent');
    expect(await res.text()).toBe('remembered page');
  });
});
