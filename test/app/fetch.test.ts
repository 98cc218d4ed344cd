import { afterEach, describe, expect, test, vi } from 'vitest';
import { FETCH_RETRY_STATUSES } from '../../app/constants';
import { $fetch, createFetch, FetchError } from '../../app/fetch';

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 204: 'No Content', 404: 'Not Found', 503: 'Service Unavailable' };

function respond(status: number, body: string | null = null): Response {
  return new Response(status === 204 ? null : body, { status, statusText: STATUS_TEXT[status] ?? '' });
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/** A fetch that never answers but, like the real one, rejects when its signal aborts. */
function hangingFetch() {
  return vi.fn(
    (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(abortError()));
      }),
  );
}

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('retry by method and status', () => {
  const READS = ['GET', 'HEAD'];
  const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
  const NOT_RETRIED = [400, 401, 404, 501];
  const cases = [...READS, ...WRITES].flatMap((method) =>
    [...FETCH_RETRY_STATUSES, ...NOT_RETRIED].map((status) => ({
      method,
      status,
      calls: READS.includes(method) && FETCH_RETRY_STATUSES.includes(status) ? 2 : 1,
    })),
  );

  test.each(cases)(
    '$method answered $status is sent $calls time(s) and then rejects with that status',
    async ({ method, status, calls }) => {
      const fetch = vi.fn(async () => respond(status));
      const error = await failure(createFetch({ fetch })('/x', { method }));
      expect(fetch).toHaveBeenCalledTimes(calls);
      expect(error.kind).toBe('http');
      expect(error.status).toBe(status);
      expect(error.method).toBe(method);
      expect(error.response?.status).toBe(status);
    },
  );

  test('a lower-case method is treated like its upper-case form', async () => {
    const fetch = vi.fn(async () => respond(503));
    await failure(createFetch({ fetch })('/x', { method: 'get' }));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[0]).toEqual(['/x', expect.objectContaining({ method: 'GET' })]);
  });
});

describe('network failures and aborts', () => {
  test('a GET whose fetch rejects is retried once, then rejects as a network error', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(createFetch({ fetch })('/x'));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(error.kind).toBe('network');
    expect(error.status).toBeUndefined();
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  test('a POST whose fetch rejects is not retried', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(createFetch({ fetch })('/x', { method: 'POST', json: { a: 1 } }));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(error.kind).toBe('network');
  });

  test('a GET the caller aborts mid-flight rejects as an abort and is not retried', async () => {
    const fetch = hangingFetch();
    const controller = new AbortController();
    const pending = createFetch({ fetch })('/x', { signal: controller.signal });
    controller.abort();
    const error = await failure(pending);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(error.kind).toBe('abort');
  });

  test('a GET with an already-aborted signal rejects as an abort without a retry', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      if (init?.signal?.aborted) throw abortError();
      return respond(200, '{}');
    });
    const error = await failure(createFetch({ fetch })('/x', { signal: AbortSignal.abort() }));
    expect(error.kind).toBe('abort');
    expect(fetch.mock.calls.length).toBeLessThanOrEqual(1);
  });

  test('an abort rejects even when the underlying fetch ignores its signal', async () => {
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    const controller = new AbortController();
    const pending = createFetch({ fetch })('/x', { signal: controller.signal });
    controller.abort();
    expect((await failure(pending)).kind).toBe('abort');
  });
});

describe('explicit retry', () => {
  test('retry: 2 makes a POST on 503 go out three times', async () => {
    const fetch = vi.fn(async () => respond(503));
    await failure(createFetch({ fetch })('/x', { method: 'POST', retry: 2 }));
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  test('retry: 2 still does not retry a 404', async () => {
    const fetch = vi.fn(async () => respond(404));
    await failure(createFetch({ fetch })('/x', { method: 'POST', retry: 2 }));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test('retry: false makes a GET on 503 go out once', async () => {
    const fetch = vi.fn(async () => respond(503));
    await failure(createFetch({ fetch })('/x', { retry: false }));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test('retry: false makes a GET whose fetch rejects go out once', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await failure(createFetch({ fetch })('/x', { retry: false }));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('timeouts', () => {
  test('a GET that does not answer in time is retried once, then rejects as a timeout', async () => {
    vi.useFakeTimers();
    const fetch = hangingFetch();
    const settled = vi.fn();
    const pending = createFetch({ fetch })('/x', { timeoutMs: 5_000 });
    pending.catch(settled);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    const error = await failure(pending);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('GET /x failed: timed out after 5000 ms');
  });

  test('a POST that times out is not retried', async () => {
    vi.useFakeTimers();
    const fetch = hangingFetch();
    const pending = failure(createFetch({ fetch, timeoutMs: 2_000 })('/x', { method: 'POST' }));
    await vi.advanceTimersByTimeAsync(2_000);
    expect((await pending).kind).toBe('timeout');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test('the per-call timeout overrides the default one', async () => {
    vi.useFakeTimers();
    const fetch = hangingFetch();
    const pending = failure(createFetch({ fetch, timeoutMs: 60_000 })('/x', { timeoutMs: 100, retry: false }));
    await vi.advanceTimersByTimeAsync(100);
    expect((await pending).kind).toBe('timeout');
  });

  test('without a timeout a slow answer is simply awaited', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(() => new Promise<Response>((resolve) => setTimeout(() => resolve(respond(200, '"late"')), 600_000)));
    const pending = createFetch({ fetch })('/x');
    await vi.advanceTimersByTimeAsync(600_000);
    await expect(pending).resolves.toBe('late');
  });
});

describe('responses', () => {
  test('a GET that succeeds after one retry resolves the data', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(respond(503)).mockResolvedValueOnce(respond(200, '{"ok":true}'));
    await expect(createFetch({ fetch })('/x')).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  test('a GET that succeeds after a network failure resolves the data', async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(respond(200, '[1,2]'));
    await expect(createFetch({ fetch })('/x')).resolves.toEqual([1, 2]);
  });

  test('a body that is not JSON rejects as a parse error with the url and status', async () => {
    const fetch = vi.fn(async () => respond(200, '<html>'));
    const error = await failure(createFetch({ fetch })('/x/_payload.json?abc'));
    expect(error.kind).toBe('parse');
    expect(error.url).toBe('/x/_payload.json?abc');
    expect(error.status).toBe(200);
    expect(error.cause).toBeInstanceOf(SyntaxError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test('a 204 resolves undefined', async () => {
    const fetch = vi.fn(async () => respond(204));
    await expect(createFetch({ fetch })('/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  test('responseType text resolves the raw body and response resolves the Response', async () => {
    const fetch = vi.fn(async () => respond(200, 'not json'));
    const get = createFetch({ fetch });
    await expect(get('/x', { responseType: 'text' })).resolves.toBe('not json');
    const response = await get<Response>('/x', { responseType: 'response' });
    expect(response).toBeInstanceOf(Response);
    await expect(response.text()).resolves.toBe('not json');
  });

  test('json is sent as the body with a JSON content type, and a given content type is kept', async () => {
    const fetch = vi.fn(async () => respond(200, '{}'));
    const send = createFetch({ fetch });
    await send('/x', { method: 'POST', json: { a: 1 }, cache: 'no-store' });
    await send('/y', { method: 'PUT', json: [1], headers: { 'Content-Type': 'application/vnd.x+json' } });
    const [first, second] = fetch.mock.calls as unknown as [[string, RequestInit], [string, RequestInit]];
    expect(first[1].body).toBe('{"a":1}');
    expect(first[1].cache).toBe('no-store');
    expect(new Headers(first[1].headers).get('content-type')).toBe('application/json');
    expect(new Headers(second[1].headers).get('content-type')).toBe('application/vnd.x+json');
  });
});

describe('error messages', () => {
  test('an http error names the method, url, status and status text', async () => {
    const fetch = vi.fn(async () => respond(503));
    const error = await failure(createFetch({ fetch })('/x/_payload.json?abc'));
    expect(error.message).toBe('GET /x/_payload.json?abc failed: 503 Service Unavailable');
    expect(error.name).toBe('FetchError');
  });

  test('a parse error names the method, url and status', async () => {
    const fetch = vi.fn(async () => respond(200, 'nope'));
    const error = await failure(createFetch({ fetch })('/m.json'));
    expect(error.message).toBe('GET /m.json failed: 200 response is not valid JSON');
  });

  test('a network error names the method and url', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(createFetch({ fetch })('/m.json', { method: 'POST' }));
    expect(error.message).toBe('POST /m.json failed: network error');
  });
});

describe('$fetch', () => {
  test('uses the global fetch as it is when called, not when the module loaded', async () => {
    const fetch = vi.fn(async () => respond(200, '"from the stub"'));
    vi.stubGlobal('fetch', fetch);
    await expect($fetch('/x')).resolves.toBe('from the stub');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
