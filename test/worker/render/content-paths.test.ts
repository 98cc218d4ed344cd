/**
 * Content paths in the server's HTML (docs/editors.md#click-to-edit): the repository's sample
 * pages rendered in-process as the live host and as the preview host serve them. The live
 * host's page carries none of it; the preview host's differs from it by the paths alone, and
 * each path names a place that is in the page file.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Payload } from '../../../app/build-records';
import { parseContentPath } from '../../../app/content/content-path';
import { loadContent } from '../../../scripts/lib/content-loader';
import { payloadsFor } from '../../../scripts/lib/build-records';
import { renderView } from '../../../worker/render/render-view';
import { REPO_CONTENT } from '../../support/built-site';
import { ASSETS, BUILD_ID } from '../in-process';

/** Each sample page, and its HTML as each host renders it. */
let pages: { payload: Payload; live: string; preview: string }[];

beforeAll(async () => {
  const loaded = await loadContent(REPO_CONTENT);
  if (!loaded.ok) throw new Error('the sample content does not load');
  pages = payloadsFor(loaded.content).map((payload) => ({
    payload,
    live: renderView({ kind: 'page', payload }, { buildId: BUILD_ID, assets: ASSETS }),
    preview: renderView(
      { kind: 'page', payload },
      { buildId: BUILD_ID, assets: ASSETS, preview: { buildId: BUILD_ID, liveUrl: payload.chrome.origin + payload.path } },
    ),
  }));
});

const PATH_ATTRIBUTE = / data-content-path="([^"]*)"/g;
const article = (html: string) => html.slice(html.indexOf('<article class="page">'), html.indexOf('</article>') + '</article>'.length);

/** The value at `keys` in the page file, own properties only. */
function at(value: unknown, keys: (string | number)[]): unknown {
  let here = value;
  for (const key of keys) {
    if (here === null || typeof here !== 'object' || !Object.hasOwn(here, key)) return undefined;
    here = (here as Record<string | number, unknown>)[key];
  }
  return here;
}

describe('content paths on the sample pages', () => {
  test('there are sample pages of many blocks to look at', () => {
    expect(pages.length).toBeGreaterThan(20);
  });

  test("the live host's HTML has no content path and no click-to-edit overlay", () => {
    for (const { payload, live } of pages) {
      expect(live, payload.path).not.toContain('data-content-path');
      expect(live, payload.path).not.toContain('preview-overlay');
    }
  });

  test("the preview host's page differs from the live host's by the content paths alone", () => {
    for (const { payload, live, preview } of pages) {
      expect(article(preview).replace(PATH_ATTRIBUTE, ''), payload.path).toBe(article(live));
    }
  });

  test('on the preview host every block of the page carries its path, and every path is a place in the page file', () => {
    for (const { payload, preview } of pages) {
      const paths = [...article(preview).matchAll(PATH_ATTRIBUTE)].map((m) => m[1]!);
      for (let i = 0; i < payload.page.blocks.length; i++) expect(paths, payload.path).toContain(`blocks[${i}]`);
      for (const path of paths) {
        const keys = parseContentPath(path);
        expect(keys, `${payload.path}: ${path}`).not.toBeNull();
        expect(at(payload.page, keys!), `${payload.path}: ${path}`).toBeDefined();
      }
    }
  });
});
