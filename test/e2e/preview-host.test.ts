/**
 * `npm run preview` (start.ts --env preview): the editors' host locally, in preview mode on
 * every host, asking for the token it prints.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSite, type RunningSite } from '../support/server';

let site: RunningSite;

beforeAll(async () => {
  site = await startSite({ env: 'preview' });
});
afterAll(async () => {
  await site?.stop();
});

test('without the token the preview host answers 401; the printed link lets the editor in', async () => {
  const denied = await fetch(`${site.url}/en`);
  expect(denied.status).toBe(401);
  expect(denied.headers.get('x-robots-tag')).toBe('noindex, nofollow');

  const link = site.output().match(/editors: open (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/)?.[1];
  expect(link).toBeDefined();
  const admitted = await fetch(link!, { redirect: 'manual' });
  expect(admitted.status).toBe(302);
  const cookie = admitted.headers.get('set-cookie')!.split(';')[0]!;

  const page = await fetch(`${site.url}/en`, { headers: { cookie } });
  expect(page.status).toBe(200);
  expect(page.headers.get('cache-control')).toBe('private, no-store');
  expect(await page.text()).toContain('class="preview-banner"');
});
