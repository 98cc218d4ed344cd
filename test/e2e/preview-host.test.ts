/**
 * `npm run preview` (start.ts --env preview): the editors' host locally, in preview mode on
 * every host, asking for the token it prints; and named drafts side by side at
 * `{name}.preview.localhost:PORT`, which Chromium resolves to this machine. wrangler dev runs
 * without routes there (scripts/lib/wrangler-config.ts), so the worker sees the draft's host.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kvKeys } from '../../app/kv-keys';
import { LOCAL_PREVIEW_BASE } from '../../app/drafts';
import { localKv } from '../../scripts/lib/kv-local';
import { publishBuild, readBuildFiles } from '../../scripts/lib/publish';
import { PREVIEW_DRAFTS_COOKIE } from '../../worker/preview/access';
import { makeShareLink } from '../../worker/preview/share';
import { launchBrowser, type Browser } from '../support/browser';
import { buildGeneratedSite, type BuiltSite } from '../support/built-site';
import { PREVIEW_TEST_SHARE_SECRET as SHARE_SECRET } from '../support/run-services';
import { startSharedSite, type RunningSite } from '../support/server';

const DAY_MS = 86_400_000;

let site: RunningSite;

// The run's preview server (SiteKind 'preview'), which the CMS file shares: the drafts this
// file publishes are named ones, which that file never opens.
beforeAll(async () => {
  site = await startSharedSite('preview');
});
afterAll(async () => {
  await site?.stop();
});

const printedToken = () => site.output().match(/editors: open http:\/\/127\.0\.0\.1:\d+\/\?token=([\w-]+)/)?.[1];

test('without the token the preview host answers 401; the printed link lets the editor in', async () => {
  const denied = await fetch(`${site.url}/en`);
  expect(denied.status).toBe(401);
  expect(denied.headers.get('x-robots-tag')).toBe('noindex, nofollow');

  const token = printedToken();
  expect(token).toBeDefined();
  const admitted = await fetch(`${site.url}/?token=${token}`, { redirect: 'manual' });
  expect(admitted.status).toBe(302);
  const cookie = admitted.headers.get('set-cookie')!.split(';')[0]!;

  const page = await fetch(`${site.url}/en`, { headers: { cookie } });
  expect(page.status).toBe(200);
  expect(page.headers.get('cache-control')).toBe('private, no-store');
  expect(await page.text()).toContain('class="preview-banner"');
});

describe('named drafts in Chromium', () => {
  let spring: BuiltSite & { contentDir: string };
  let editor: Browser;
  let reviewer: Browser;
  const draftOrigin = (name: string) => `http://${name}.${LOCAL_PREVIEW_BASE}:${new URL(site.url).port}`;

  beforeAll(async () => {
    // Two drafts of different content: "spring", a small generated site, published as
    // `npm run publish -- --draft spring` does beside a running `npm run preview`; and "autumn",
    // the repository's content the server published live, as `--draft autumn` of that same build
    // would leave it (its pointer, without a second build of the repository).
    spring = await buildGeneratedSite({ pagesPerLocale: 1, siteName: 'Spring Site' });
    const kv = localKv({ env: 'preview', persistTo: site.state });
    try {
      await publishBuild(kv, await readBuildFiles(spring.outDir), { draft: true, draftName: 'spring' });
      const live = (await kv.getMany([kvKeys.latest])).get(kvKeys.latest)!;
      await kv.putMany([{ key: kvKeys.namedDraft('autumn'), value: live, metadata: { publishedAt: Date.now(), publishedBy: 'e2e' } }]);
    } finally {
      await kv.close();
    }
    [editor, reviewer] = await Promise.all([launchBrowser(), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([editor?.close(), reviewer?.close()]);
    await spring?.cleanup();
  });

  test('two drafts side by side at their own URLs, with one sign-in', async () => {
    const { page: springTab } = await editor.newPage();
    await springTab.goto(`${draftOrigin('spring')}/en?token=${printedToken()}`);
    expect(new URL(springTab.url()).search).toBe('');
    expect(await springTab.textContent('body')).toContain('Spring Site');

    // The sign-in is one cookie for the domain preview.localhost, so it covers the other draft.
    const cookies = await editor.context.cookies(draftOrigin('autumn'));
    expect(cookies).toEqual([expect.objectContaining({ name: PREVIEW_DRAFTS_COOKIE, domain: `.${LOCAL_PREVIEW_BASE}` })]);

    const { page: autumnTab } = await editor.newPage();
    const autumn = await autumnTab.goto(`${draftOrigin('autumn')}/en`);
    expect(autumn!.status()).toBe(200);
    expect(await autumnTab.textContent('body')).toContain('Example Bank');
    expect(await autumnTab.textContent('body')).not.toContain('Spring Site');
    // The first tab still shows its own draft.
    await springTab.reload();
    expect(await springTab.textContent('body')).toContain('Spring Site');
    await Promise.all([springTab.close(), autumnTab.close()]);
  });

  test('a share link of one draft opens its page there, and is refused on the other draft', async () => {
    const { page } = await editor.newPage();
    await page.goto(`${draftOrigin('spring')}/en`);
    const { href } = await page.evaluate(
      async () => (await fetch('/_app/preview/share-link?path=/en/page-1')).json() as Promise<{ href: string }>,
    );
    await page.close();

    const { page: shared } = await reviewer.newPage();
    const opened = await shared.goto(draftOrigin('spring') + href);
    expect(opened!.status()).toBe(200);
    expect(await shared.textContent('body')).toContain('Spring Site');
    const refused = await shared.goto(draftOrigin('autumn') + href);
    expect(refused!.status()).toBe(401);
    expect(await shared.locator('h1').textContent()).toBe('Preview access needed');
    expect(await shared.textContent('body')).not.toContain('Example Bank');
    await shared.close();
  });

  test('an expired share link opens a page that says it expired, not the token form', async () => {
    const { url } = await makeShareLink(SHARE_SECRET, {
      origin: draftOrigin('spring'),
      path: '/en/page-1',
      days: 1,
      now: Date.now() - 2 * DAY_MS,
      draft: 'spring',
    });
    const { page } = await reviewer.newPage();
    const res = await page.goto(url);
    expect(res!.status()).toBe(410);
    expect(await page.locator('h1').textContent()).toBe('This share link has expired');
    expect(await page.locator('#preview-token').count()).toBe(0);
    expect(await page.textContent('body')).not.toContain('Spring Site');
    await page.close();
  });
});
