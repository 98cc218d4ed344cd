/**
 * Search in workerd over the sample content, published to a real (in-memory) KV as a publish
 * writes it: the search page and the header field's JSON read the locale's dictionary, term and
 * page-text records from KV and give the same answer. One worker for the file.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kvKeys } from '../../../app/kv-keys';
import { appEndpoints } from '../../../app/endpoints';
import { SEARCH_SUGGESTIONS_SHOWN } from '../../../app/search/common';
import { SearchDictionary } from '../../../app/search/record';
import { REPO_CONTENT, buildForTest, type BuiltSite } from '../../support/built-site';
import { bootData } from '../../support/html';
import { startWorker, type TestWorker } from '../../support/workerd';

let site: BuiltSite;
let worker: TestWorker;

beforeAll(async () => {
  site = await buildForTest(REPO_CONTENT);
  worker = await startWorker(site);
});
afterAll(async () => {
  await worker?.close();
  await site?.cleanup();
});

interface Answer {
  total: number;
  hits: { path: string; title: string; excerpt: { text: string; marks: number[] } }[];
}
const pageAnswer = async (path: string): Promise<Answer> => {
  const res = await worker.fetch(path);
  expect(res.status).toBe(200);
  return bootData(await res.text()).view.answer as Answer;
};

describe('search against KV', () => {
  test('the search page finds German pages by a stem, with the matched words marked, from records in KV', async () => {
    const answer = await pageAnswer('/de/search?q=kredite');
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.hits.every((h) => h.path === '/de' || h.path.startsWith('/de/'))).toBe(true);
    expect(answer.hits[0]!.excerpt.marks.length).toBeGreaterThan(0);
  });

  test.each([
    ['de', 'kredit'],
    ['en', 'loan'],
    ['ru', 'ипотека'],
    ['et', 'toopaeva'],
    ['en', 'arrangement fee'],
  ])("the header field's JSON in %s for %s is the first results of the search page, in the same order", async (locale, q) => {
    const page = await pageAnswer(`/${locale}/search?q=${encodeURIComponent(q)}`);
    expect(page.total).toBeGreaterThan(0);
    const res = await worker.fetch(`${appEndpoints.searchJsonBase}${locale}?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    const json = (await res.json()) as Answer;
    expect(json.total).toBe(page.total);
    expect(json.hits).toEqual(page.hits.slice(0, SEARCH_SUGGESTIONS_SHOWN));
  });

  test('each locale of the build has its dictionary in KV, and every record it names', async () => {
    const kv = await worker.kv();
    const index = JSON.parse((await kv.get(kvKeys.index(site.build.id)))!) as { search: Record<string, string> };
    for (const hash of Object.values(index.search)) {
      const dictionary = SearchDictionary.parse(JSON.parse((await kv.get(kvKeys.search(hash)))!));
      for (const part of [...dictionary.termParts.hashes, ...dictionary.docParts.hashes])
        expect(await kv.get(kvKeys.search(part))).not.toBeNull();
    }
  });
});
