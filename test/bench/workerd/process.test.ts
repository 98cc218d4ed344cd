/** Choosing the ports workerd listens on. */
import { createServer } from 'node:net';
import { describe, expect, test } from 'vitest';
import { freePorts } from '../../../bench/lib/workerd/process';

describe('freePorts', () => {
  test('never gives the same port twice in one batch', async () => {
    // One at a time, the OS handed out a port it had just freed again in 8 batches of 1 000.
    for (let batch = 0; batch < 300; batch++) {
      const ports = await freePorts(10);
      expect(new Set(ports).size).toBe(10);
    }
  });

  test('gives ports a server can listen on at once', async () => {
    const [port] = await freePorts(1);
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
