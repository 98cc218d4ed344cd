/**
 * Requests refused for their path, through the whole app in-process: the probes worth logging
 * get the security headers and their log line like any request.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createApp } from '../../worker/app';
import { checkRequestPath, splitRequestUrl } from '../../worker/request-path';
import { BASE_SECURITY_HEADERS } from '../../worker/security-header-values';
import { checkProperty, refusedPath } from '../support/property';
import { ASSETS, EMPTY_KV, ORIGIN } from './in-process';

const refusedPaths = refusedPath();

let lines: string[];
beforeEach(() => {
  lines = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
});
afterEach(() => void vi.restoreAllMocks());

const app = createApp({ assets: ASSETS });
const get = (path: string, init: RequestInit = {}) => app.request(ORIGIN + path, init, { SITE_KV: EMPTY_KV });

describe('a request refused for its path', () => {
  test('the generated spellings are ones the path check refuses', () => {
    checkProperty(
      fc.property(refusedPaths, (path) => {
        expect(checkRequestPath(splitRequestUrl(new URL(ORIGIN + path).href).pathname).ok).toBe(false);
      }),
    );
  });

  test('carries every security header and writes exactly one log line, with its status', async () => {
    await checkProperty(
      fc.asyncProperty(refusedPaths, fc.constantFrom('*/*', 'text/html'), async (path, accept) => {
        lines = [];
        const res = await get(path, { headers: { accept, 'cf-ray': '0123456789abcdef-AMS' } });
        expect([400, 404]).toContain(res.status);
        for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value);
        expect(res.headers.get('cache-control')).toBe('no-store');
        const requestLines = lines.map((l) => JSON.parse(l) as { type: string }).filter((l) => l.type === 'request');
        expect(requestLines).toEqual([
          expect.objectContaining({ requestId: '0123456789abcdef-AMS', path: '(rejected)', status: res.status, mode: 'live' }),
        ]);
      }),
      { numRuns: 60 },
    );
  });

  test('with nothing published is still a plain 400, not the 503', async () => {
    const res = await get('/_app%2Fhealth', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Bad Request');
  });

  test('on the preview host is logged as a preview request', async () => {
    const res = await app.request('https://preview.example.com/en%00', {}, { SITE_KV: EMPTY_KV, PREVIEW_HOSTS: 'preview.example.com' });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([expect.objectContaining({ status: 400, mode: 'preview' })]);
  });
});
