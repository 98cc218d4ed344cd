/** `npm start -- --content DIR` serves a content directory the repository does not ship. */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { portIsFree } from '../../scripts/lib/free-port';
import { generateContent } from '../../scripts/lib/generate-content';
import { WRANGLER_STOP_GRACE_MS } from '../../scripts/lib/stop-on-signal';
import { tempDir } from '../support/built-site';
import { leftInGroup } from '../support/process-group';
import { startSite, type RunningSite } from '../support/server';

let contentDir: string;
let site: RunningSite;

beforeAll(async () => {
  contentDir = await tempDir('e2e-content');
  await generateContent({
    dir: contentDir,
    siteName: 'Nordic Test Co',
    locales: [
      { code: 'fi', lang: 'fi-FI', label: 'Suomi' },
      { code: 'se', lang: 'sv-SE', label: 'Svenska' },
    ],
  });
  site = await startSite({ content: contentDir, viaNpm: true });
});
afterAll(async () => {
  await site?.stop();
  await rm(contentDir, { recursive: true, force: true });
});

test('serves the other site’s pages, with its own default locale at /', async () => {
  const res = await fetch(`${site.url}/`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain('<html lang="fi-FI">');
  expect(html).toContain('Nordic Test Co');
  expect((await fetch(`${site.url}/se/page-1`)).status).toBe(200);
  expect((await fetch(`${site.url}/en`)).status).toBe(404);
});

// Last: it ends the server. A process manager or a container runtime signals the one process it
// started, here npm, not the whole group as a terminal's Ctrl-C does; npm's shell once kept the
// signal from tsx, and the script once exited without stopping wrangler dev and workerd.
test('a SIGTERM to npm start alone stops the whole server and frees its port', async () => {
  process.kill(site.pid!, 'SIGTERM');
  expect(await leftInGroup(site.pid!, WRANGLER_STOP_GRACE_MS + 5_000)).toEqual([]);
  expect(await portIsFree(Number(new URL(site.url).port))).toBe(true);
});
