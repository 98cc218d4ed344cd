/**
 * A locale's search index as a query reads it: the dictionary decoded once, and term and
 * page-text records read when a query needs them. Where records come from and where decoded
 * ones are kept is the caller's (the worker: KV and a bounded memory; tests and the bench: a
 * map). Records are content-addressed, so a decoded one never goes stale and serves every build
 * that lists it; two queries that need the same record meanwhile share one read.
 */
import type { z } from 'zod';
import { kvKeys } from '../kv-keys';
import { forEachWord, termMaker } from './fold';
import { indexOfTerm } from './sorted-terms';
import { SearchDictionary, SearchDocRecord, SearchTermRecord, type SearchDoc, type SearchParts } from './record';

export interface SearchSource {
  /** a record checked against its schema; null when there is none */
  read<S extends z.ZodType>(key: string, schema: S): Promise<z.infer<S> | null>;
  /** decoded records kept between queries (bounded by the caller) */
  kept: { get(key: string): unknown; set(key: string, value: unknown, heapBytes: number): void };
  /** reads under way, by key */
  pending: Map<string, Promise<unknown>>;
}

/** A term record decoded: its postings as typed arrays, the form a query adds up fastest. */
export interface TermPostings {
  pages: Int32Array;
  impacts: Int32Array;
}
interface DecodedTerms {
  first: number;
  postings: TermPostings[];
}
interface DecodedDocs {
  first: number;
  docs: SearchDoc[];
}

/** What V8 takes for a small object or string besides its contents, about (the heap estimates below). */
const HEAP_BYTES_PER_ITEM = 48;

/**
 * A record the dictionary lists that KV does not have (yet: a publish still propagating), as a
 * listed payload missing is: the worker says search is unavailable (503), never a bug.
 */
export class MissingSearchRecordError extends Error {
  readonly name = 'MissingSearchRecordError';
  constructor(readonly key: string) {
    super(`search record ${key}: listed by its dictionary but not stored`);
  }
}

/** A record that contradicts its dictionary. */
export class CorruptSearchRecordError extends Error {
  readonly name = 'CorruptSearchRecordError';
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`search record ${key}: ${reason}`);
  }
}

/** The last run that starts at or before `at` (runs start at 0 and rise). */
export function runOf(parts: SearchParts, at: number): number {
  let lo = 0;
  let hi = parts.first.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (parts.first[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

async function cached<T>(source: SearchSource, key: string, load: () => Promise<T>): Promise<T> {
  const kept = source.kept.get(key);
  if (kept !== undefined) return kept as T;
  let reading = source.pending.get(key) as Promise<T> | undefined;
  if (!reading) {
    reading = load().finally(() => source.pending.delete(key));
    source.pending.set(key, reading);
  }
  return reading;
}

/**
 * Words whose terms an index remembers: the words of the pages shown repeat from query to query
 * (a locale's vocabulary is limited), and a Snowball stem costs microseconds. Cleared when full.
 */
export const SEARCH_TERM_MEMO_MAX_WORDS = 20_000;

/**
 * Words of page texts whose walks an index remembers (./excerpt.ts): the pages shown repeat from
 * query to query, and walking a text's words and finding their terms cost a search page more
 * than the rest of its excerpts. Cleared when full.
 */
export const SEARCH_TEXT_MEMO_MAX_WORDS = 200_000;

/** A text's words in order: their starts and ends in turn, and each one's term id in the dictionary (-1: none). */
export interface TextWords {
  bounds: Int32Array;
  termIds: Int32Array;
}

/** A remembered word and its term; words whose hashes are equal are chained. */
interface Remembered {
  word: string;
  term: string;
  next: Remembered | undefined;
}

export class SearchIndex {
  private readonly stem: (word: string) => string;
  /** by a hash of the word's code units (termAt) */
  private readonly memo = new Map<number, Remembered>();
  private memoWords = 0;

  constructor(
    readonly dictionary: SearchDictionary,
    private readonly source: SearchSource,
  ) {
    this.stem = termMaker(dictionary.lang);
  }

  /** A word's term, as the build made the pages' (a pure function, so remembered). */
  readonly term = (word: string): string => this.termAt(word, 0, word.length);

  /**
   * The term of the word `text.slice(start, end)`, found without making that slice when the word
   * was seen before. A text's first walk (wordsOf) looks up every word of it: a Map keyed by a
   * new slice of the text had V8 hash each one in its runtime (a string-table lookup, about 650
   * instructions a word, a tenth of the search page when excerpts still walked their texts on
   * every request), where a number key and a comparison in place cost a few per letter
   * (docs/search.md).
   */
  readonly termAt = (text: string, start: number, end: number): string => {
    const length = end - start;
    let hash = length;
    for (let i = start; i < end; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) & 0x3fffffff;
    const first = this.memo.get(hash);
    for (let seen = first; seen; seen = seen.next) if (seen.word.length === length && text.startsWith(seen.word, start)) return seen.term;
    const word = text.slice(start, end);
    const term = this.stem(word);
    if (this.memoWords >= SEARCH_TERM_MEMO_MAX_WORDS) {
      this.memo.clear();
      this.memoWords = 0;
      this.memo.set(hash, { word, term, next: undefined });
    } else this.memo.set(hash, { word, term, next: first });
    this.memoWords++;
    return term;
  };

  private readonly texts = new Map<string, TextWords>();
  private textWords = 0;

  /** The words of a page's text (its body or description), walked once and remembered by the text. */
  wordsOf(text: string): TextWords {
    const known = this.texts.get(text);
    if (known) return known;
    const bounds: number[] = [];
    const termIds: number[] = [];
    const { terms } = this.dictionary;
    forEachWord(text, (start, end) => {
      bounds.push(start, end);
      termIds.push(indexOfTerm(terms, this.termAt(text, start, end)));
    });
    const words = { bounds: Int32Array.from(bounds), termIds: Int32Array.from(termIds) };
    if (this.textWords + termIds.length > SEARCH_TEXT_MEMO_MAX_WORDS) {
      this.texts.clear();
      this.textWords = 0;
    }
    this.texts.set(text, words);
    this.textWords += termIds.length;
    return words;
  }

  private scratchArrays: { scores: Float64Array; matched: Uint8Array } | undefined;

  /** Per page of the index: a query's scores and words matched, all zero between queries (engine.ts clears them). */
  scratch(): { scores: Float64Array; matched: Uint8Array } {
    return (this.scratchArrays ??= { scores: new Float64Array(this.dictionary.pages), matched: new Uint8Array(this.dictionary.pages) });
  }

  /** The postings of dictionary terms, by term id, reading each term record once. */
  postings(termIds: readonly number[]): Promise<Map<number, TermPostings>> {
    return this.byId(
      this.dictionary.termParts,
      termIds,
      (hash) => this.termRecord(hash),
      (record, i) => record.postings[i],
    );
  }

  /** The text of pages, by page id, reading each page-text record once. */
  docs(pageIds: readonly number[]): Promise<Map<number, SearchDoc>> {
    return this.byId(
      this.dictionary.docParts,
      pageIds,
      (hash) => this.docRecord(hash),
      (record, i) => record.docs[i],
    );
  }

  /** Items by id from the records of `parts` that hold them: each record read once, an id it lacks left out. */
  private async byId<R extends { first: number }, T>(
    parts: SearchParts,
    ids: readonly number[],
    read: (hash: string) => Promise<R>,
    item: (record: R, index: number) => T | undefined,
  ): Promise<Map<number, T>> {
    const runs = [...new Set(ids.map((id) => runOf(parts, id)))];
    const records = await Promise.all(runs.map((run) => read(parts.hashes[run]!)));
    const byRun = new Map(runs.map((run, i) => [run, records[i]!]));
    const out = new Map<number, T>();
    for (const id of ids) {
      const record = byRun.get(runOf(parts, id))!;
      const found = item(record, id - record.first);
      if (found) out.set(id, found);
    }
    return out;
  }

  private termRecord(hash: string): Promise<DecodedTerms> {
    const key = kvKeys.search(hash);
    return cached(this.source, key, async () => {
      const record = await this.source.read(key, SearchTermRecord);
      if (!record) throw new MissingSearchRecordError(key);
      const { pages } = this.dictionary;
      let bytes = 0;
      const postings = record.postings.map(([ids, impacts]): TermPostings => {
        // A page the dictionary does not have would be added up past the query's arrays.
        for (const id of ids) if (id >= pages) throw new CorruptSearchRecordError(key, `page ${id} is past the dictionary's ${pages}`);
        bytes += ids.length * 8 + HEAP_BYTES_PER_ITEM;
        return { pages: Int32Array.from(ids), impacts: Int32Array.from(impacts) };
      });
      const decoded = { first: record.first, postings };
      this.source.kept.set(key, decoded, bytes);
      return decoded;
    });
  }

  private docRecord(hash: string): Promise<DecodedDocs> {
    const key = kvKeys.search(hash);
    return cached(this.source, key, async () => {
      const record = await this.source.read(key, SearchDocRecord);
      if (!record) throw new MissingSearchRecordError(key);
      const decoded = { first: record.first, docs: record.docs };
      const bytes = record.docs.reduce((n, doc) => n + HEAP_BYTES_PER_ITEM + doc.reduce((m, field) => m + field.length * 2, 0), 0);
      this.source.kept.set(key, decoded, bytes);
      return decoded;
    });
  }
}

/** A locale's index by its dictionary's hash, or null when the source does not have it. */
export function openSearchIndex(source: SearchSource, hash: string): Promise<SearchIndex | null> {
  const key = kvKeys.search(hash);
  return cached(source, key, async () => {
    const dictionary = await source.read(key, SearchDictionary);
    if (!dictionary) return null;
    const index = new SearchIndex(dictionary, source);
    // Each term: its string and its place in two arrays; the words it may remember (word, term,
    // entry); and the texts' words (12 bytes each, and the text: about 6 bytes a word).
    const memoBytes = SEARCH_TERM_MEMO_MAX_WORDS * 3 * HEAP_BYTES_PER_ITEM + SEARCH_TEXT_MEMO_MAX_WORDS * 18 + dictionary.pages * 9;
    source.kept.set(key, index, memoBytes + dictionary.terms.reduce((n, t) => n + t.length * 2 + HEAP_BYTES_PER_ITEM, 0));
    return index;
  });
}

/** A source over records held in memory (the build's, for tests and the bench); nothing read is checked twice. */
export function memorySearchSource(records: ReadonlyMap<string, string>): SearchSource & { reads: string[] } {
  const kept = new Map<string, unknown>();
  const reads: string[] = [];
  return {
    reads,
    pending: new Map(),
    kept: { get: (key) => kept.get(key), set: (key, value) => void kept.set(key, value) },
    read(key, schema) {
      reads.push(key);
      const text = records.get(key);
      return Promise.resolve(text === undefined ? null : schema.parse(JSON.parse(text)));
    },
  };
}
