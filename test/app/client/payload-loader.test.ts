/**
 * The payload request of a client navigation (docs/behaviour.md#23-page-payload): a payload URL
 * names its build and never changes, so the browser may answer it from its cache.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { loadPayload } from '../../../app/client/payload-loader';
import { $fetch } from '../../../app/fetch';

const payload = {
  path: '/en/loans',
  page: { title: 'Loans', blocks: [] },
  chrome: { locale: { code: 'en', lang: 'en-GB', label: 'English' } },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loading a payload', () => {
  test('asks for {path}/_payload.json?{buildId} with cache: force-cache', async () => {
    const fetcher = vi.fn(async () => payload);
    await loadPayload(fetcher as never, '/en/loans', '0123456789abcdef');
    expect(fetcher).toHaveBeenCalledExactlyOnceWith('/en/loans/_payload.json?0123456789abcdef', { cache: 'force-cache' });
  });

  test('the request the browser gets says cache: force-cache', async () => {
    const fetch = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify(payload), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(loadPayload($fetch, '/en/loans', '0123456789abcdef')).resolves.toEqual({ kind: 'page', payload });
    expect(fetch).toHaveBeenCalledOnce();
    expect(fetch.mock.calls[0]).toMatchObject(['/en/loans/_payload.json?0123456789abcdef', { cache: 'force-cache' }]);
  });
});
