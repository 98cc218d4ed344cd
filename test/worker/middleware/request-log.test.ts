import fc from 'fast-check';
import { HTTPException } from 'hono/http-exception';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { formatRequestLog, requestLog } from '../../../worker/middleware/request-log';
import { BUILD_ID, given, request, testApp } from '../in-process';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the request log', () => {
  test('writes one JSON line per request: method, path, status, build, cache, mode and duration', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
    let clock = 1000;
    const app = testApp();
    app.use(given());
    app.use(requestLog({ now: () => (clock += 7) }));
    app.get('/en', (c) => c.text('page'));

    await request(app, '/en?token=abc');
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([
      {
        type: 'request',
        requestId: '0123456789abcdef-AMS',
        method: 'GET',
        path: '/en',
        status: 200,
        build: BUILD_ID,
        cache: 'bypass',
        mode: 'live',
        ms: 7,
      },
    ]);
  });

  test('logs the status of a request a later step refused, and the preview mode', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
    const app = testApp();
    app.use(given({ preview: true }));
    app.use(requestLog());
    app.get('/en', () => {
      throw new HTTPException(403, { message: 'No.' });
    });

    await request(app, '/en');
    expect(JSON.parse(lines[0]!)).toMatchObject({ status: 403, mode: 'preview' });
  });
});

describe('the request log line', () => {
  test('is the JSON of its fields for any path and method, hostile spellings included', () => {
    fc.assert(
      fc.property(
        fc.record({
          requestId: fc.oneof(fc.uuid(), fc.stringMatching(/^[0-9a-f]{16}-[A-Z]{3}$/)),
          method: fc.string(),
          path: fc.option(fc.string({ unit: 'binary' }), { nil: undefined }),
          status: fc.integer({ min: 100, max: 599 }),
          build: fc.option(fc.stringMatching(/^[a-f0-9]{16}$/), { nil: undefined }),
          cache: fc.constantFrom('hit' as const, 'miss' as const, undefined),
          preview: fc.boolean(),
          ms: fc.nat(),
          short: fc.option(fc.constant(true), { nil: undefined }),
        }),
        (line) => {
          expect(JSON.parse(formatRequestLog(line))).toEqual({
            type: 'request',
            requestId: line.requestId,
            method: line.method,
            path: line.path ?? '(rejected)',
            status: line.status,
            build: line.build ?? null,
            cache: line.cache ?? 'bypass',
            mode: line.preview ? 'preview' : 'live',
            ms: line.ms,
            ...(line.short ? { short: true } : {}),
          });
        },
      ),
    );
  });
});
