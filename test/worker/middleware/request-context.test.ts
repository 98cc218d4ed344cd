import { describe, expect, test } from 'vitest';
import { BuildMemory } from '../../../worker/build-memory';
import { requestContext } from '../../../worker/middleware/request-context';
import { EMPTY_KV, request, testApp } from '../in-process';

function app() {
  const a = testApp();
  a.use(requestContext({ memory: new BuildMemory() }));
  a.get('/*', (c) => c.json({ requestId: c.get('requestId'), path: c.get('path'), preview: c.get('preview'), channel: c.get('channel') }));
  return a;
}

const get = (path: string, init: RequestInit = {}, bindings = {}) => request(app(), path, init, { SITE_KV: EMPTY_KV, ...bindings });

describe('the request context', () => {
  test.each([
    ['/_app%2Fhealth', 'an encoded slash'],
    ['/en%5Cpage', 'an encoded backslash'],
    ['/en/%E0%A4%A', 'malformed percent-encoding'],
    ['/%C0%AE%C0%AE/secret', 'an overlong dot'],
    ['/en/page%00', 'a NUL'],
    ['/en/%0d%0aSet-Cookie:x', 'CR/LF'],
  ])('refuses %s (%s) with a plain 400 that is never cached', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('Bad Request');
  });

  test('answers a path too long to be a page 404', async () => {
    const res = await get(`/${'a'.repeat(1100)}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Not Found');
  });

  test('gives the steps after it the decoded path', async () => {
    expect(await (await get('/en/%C3%BCber')).json()).toMatchObject({ path: '/en/über' });
  });

  test('trusts a cf-ray in Cloudflare’s shape as the request id', async () => {
    const res = await get('/en', { headers: { 'cf-ray': '0123456789abcdef-AMS' } });
    expect(await res.json()).toMatchObject({ requestId: '0123456789abcdef-AMS' });
  });

  test('serves the live build on the live host and the draft on a preview host', async () => {
    const hosts = { PREVIEW_HOSTS: 'preview.example.com' };
    expect(await (await get('/en', {}, hosts)).json()).toMatchObject({ preview: false, channel: 'live' });
    expect(await (await get('https://preview.example.com/en', {}, hosts)).json()).toMatchObject({ preview: true, channel: 'draft' });
  });

  test('treats every host as a preview host in preview mode', async () => {
    expect(await (await get('/en', {}, { PREVIEW_MODE: 'true' })).json()).toMatchObject({ preview: true, channel: 'draft' });
  });
});
