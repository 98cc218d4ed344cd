/** The browser tests' server port: chosen where no outgoing connection can take it before wrangler binds it. */
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { SITE_PORT_RANGE, freePort } from './server';

describe("the site's port for the browser tests", () => {
  test('lies below the ephemeral ports the OS gives outgoing connections', async () => {
    const [ephemeralFrom] = (await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')).trim().split(/\s+/).map(Number);
    expect(SITE_PORT_RANGE.to).toBeLessThan(ephemeralFrom!);
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(SITE_PORT_RANGE.from);
      expect(port).toBeLessThan(SITE_PORT_RANGE.to);
    }
  });
});
