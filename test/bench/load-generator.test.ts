/**
 * The load generator (bench/lib/load-generator.ts) against a local HTTP server: it counts what
 * it sent by status, and a rate caps the requests of all connections together.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runLoad } from '../../bench/lib/load-generator';

let server: Server;
let url: string;
let served = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    served += 1;
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('runLoad', () => {
  test('with a rate of 50 per second, two connections send about 50 requests in a second, all answered 200', async () => {
    served = 0;
    const result = await runLoad({ url, seconds: 1, connections: 2, rate: 50 });
    expect(result.statusCounts).toEqual({ '200': result.requests });
    // (a request still in flight when the second is up is served but not counted)
    expect(served - result.requests).toBeLessThanOrEqual(2);
    // Without the cap, a loopback server answers thousands in that second.
    expect(result.requests).toBeGreaterThanOrEqual(25);
    expect(result.requests).toBeLessThanOrEqual(75);
  });
});
