/**
 * Ports this code chooses for servers it starts itself (wrangler dev behind `npm run dev`,
 * wrangler's DevTools inspector, the tests' servers): taken below Linux's ephemeral range
 * (32768 up). A port the OS hands out for `listen(0)` is an ephemeral one, and between choosing
 * it and wrangler binding it (seconds: the build, the publish, the migrations) any outgoing
 * connection on the machine may be given it as its local port, and the bind then fails with
 * EADDRINUSE, as it did in full test runs. Ports below the range are only ever taken by a
 * listener that asks for them.
 */
import { createServer } from 'node:net';

export const PORT_RANGE = { from: 20_000, to: 32_000 } as const;

/** Whether 127.0.0.1:`port` can be listened on now. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port of PORT_RANGE that is free now, picked at random so two processes seldom try the same one. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port between ${PORT_RANGE.from} and ${PORT_RANGE.to}`);
}

/** Where Chrome DevTools and Node look for an inspector first. */
export const DEFAULT_INSPECTOR_PORT = 9229;

/**
 * The port of wrangler dev's inspector: 9229 when it is free, as wrangler would choose.
 * Otherwise wrangler itself (with CI set, which every wrangler call here sets) would take
 * whatever port the OS gives `listen(0)`, an ephemeral one, and lose it as above; this takes
 * one of PORT_RANGE instead.
 */
export async function inspectorPort(): Promise<number> {
  return (await portIsFree(DEFAULT_INSPECTOR_PORT)) ? DEFAULT_INSPECTOR_PORT : freePort();
}
