import { HTTPException } from 'hono/http-exception';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { requestLog } from '../../../worker/middleware/request-log';
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
