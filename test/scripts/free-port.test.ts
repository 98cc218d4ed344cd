/** Ports for servers this code starts: chosen where no outgoing connection can take them before wrangler binds them. */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { DEFAULT_INSPECTOR_PORT, PORT_RANGE, freePort, inspectorPort, portIsFree } from '../../scripts/lib/free-port';

const listening: Server[] = [];
const listenOn = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
    listening.push(server);
  });
afterEach(async () => {
  await Promise.all(listening.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe('a free port for a server', () => {
  test('lies below the ephemeral ports the OS gives outgoing connections', async () => {
    const [ephemeralFrom] = (await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')).trim().split(/\s+/).map(Number);
    expect(PORT_RANGE.to).toBeLessThan(ephemeralFrom!);
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(PORT_RANGE.from);
      expect(port).toBeLessThan(PORT_RANGE.to);
    }
  });

  test('is one nothing listens on', async () => {
    const port = await freePort();
    expect(await portIsFree(port)).toBe(true);
    await listenOn(port);
    expect(await portIsFree(port)).toBe(false);
  });
});

describe("wrangler dev's inspector port", () => {
  test('is 9229 while 9229 is free, and one below the ephemeral range while another server holds it', async () => {
    if (!(await portIsFree(DEFAULT_INSPECTOR_PORT))) await expect(inspectorPort()).resolves.not.toBe(DEFAULT_INSPECTOR_PORT);
    else {
      expect(await inspectorPort()).toBe(DEFAULT_INSPECTOR_PORT);
      await listenOn(DEFAULT_INSPECTOR_PORT);
    }
    const port = await inspectorPort();
    expect(port).toBeGreaterThanOrEqual(PORT_RANGE.from);
    expect(port).toBeLessThan(PORT_RANGE.to);
  });
});
