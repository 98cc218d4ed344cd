/** Reading a locale's index: records read once, and records missing or contradicting their dictionary refused. */
import { describe, expect, test } from 'vitest';
import { kvKeys } from '../../../app/kv-keys';
import { searchIn } from '../../../app/search/engine';
import { SearchDictionary } from '../../../app/search/record';
import { MissingSearchRecordError, memorySearchSource, openSearchIndex } from '../../../app/search/store';
import { storedIndex } from './in-memory-index';

const PAGES = [
  { path: '/en/loans', text: { title: 'Loans', description: '', headings: '', body: 'A loan for every plan' } },
  { path: '/en/cards', text: { title: 'Cards', description: '', headings: '', body: 'A card for every day' } },
];

function withRecords(change: (records: Map<string, string>, dictionary: SearchDictionary) => void) {
  const { hash, records } = storedIndex('en', PAGES);
  const copy = new Map(records);
  change(copy, SearchDictionary.parse(JSON.parse(copy.get(kvKeys.search(hash))!)));
  return { hash, source: memorySearchSource(copy) };
}

describe('a search index read from its records', () => {
  test('two queries at once that need the same records read each once', async () => {
    const { hash, source } = withRecords(() => {});
    const index = (await openSearchIndex(source, hash))!;
    const [a, b] = await Promise.all([searchIn(index, 'loan'), searchIn(index, 'loans')]);
    expect(a.hits.map((h) => h.path)).toEqual(['/en/loans']);
    expect(b).toEqual({ ...a, query: 'loans' });
    expect(new Set(source.reads).size).toBe(source.reads.length);
  });

  test('a dictionary the source does not have is no index', async () => {
    const { source } = withRecords(() => {});
    expect(await openSearchIndex(source, 'f'.repeat(64))).toBeNull();
  });

  test('a record its dictionary names but the source lacks fails the query, naming the record', async () => {
    let missing = '';
    const { hash, source } = withRecords((records, dictionary) => {
      missing = kvKeys.search(dictionary.docParts.hashes[0]!);
      records.delete(missing);
    });
    const index = (await openSearchIndex(source, hash))!;
    await expect(searchIn(index, 'loan')).rejects.toThrow(new MissingSearchRecordError(missing));
  });

  test("a term record naming a page past its dictionary's is refused as corrupt", async () => {
    const { hash, source } = withRecords((records, dictionary) => {
      const key = kvKeys.search(dictionary.termParts.hashes[0]!);
      records.set(key, records.get(key)!.replace('[[0', '[[7'));
    });
    const index = (await openSearchIndex(source, hash))!;
    await expect(searchIn(index, 'a')).rejects.toThrow('page 7 is past the dictionary');
  });
});
