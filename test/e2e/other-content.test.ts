/** `npm start -- --content DIR` serves a content directory the repository does not ship. */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { generateContent } from '../../scripts/lib/generate-content';
import { tempDir } from '../support/built-site';
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
  site = await startSite({ content: contentDir });
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
