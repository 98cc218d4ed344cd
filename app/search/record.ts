/**
 * The search record of one locale as KV keeps it (`search/{hash}.json`, app/kv-keys.ts),
 * content-addressed and listed by the build's index (`BuildIndex.search`, locale -> hash), so
 * it rolls back and is collected with its build. Checked in plain loops: the worker reads it
 * on a visitor's request, and a record of thousands of pages would cost zod milliseconds.
 */
import { z } from 'zod';

export interface SearchRecord {
  /** the record's layout */
  v: 1;
  /** the locale's BCP 47 tag, which picks the stemmer */
  lang: string;
  /** per indexed page, by the index's document id: path, title, body text and description (for excerpts) */
  docs: [path: string, title: string, body: string, description: string][];
  /** MiniSearch's own serialisation (toJSON) */
  index: Record<string, unknown>;
}

const isDoc = (doc: unknown) => Array.isArray(doc) && doc.length === 4 && doc.every((field) => typeof field === 'string');

export const SearchRecord = z.custom<SearchRecord>(
  (value) => {
    if (typeof value !== 'object' || value === null) return false;
    const { v, lang, docs, index } = value as Record<string, unknown>;
    if (v !== 1 || typeof lang !== 'string' || !Array.isArray(docs) || typeof index !== 'object' || index === null) return false;
    for (const doc of docs) if (!isDoc(doc)) return false;
    return true;
  },
  { message: 'Must be a search record: { v: 1, lang, docs: [path, title, body, description][], index }' },
);

/** Locale code -> content hash of its search record, in the build's index. */
export const SearchHashes = z.record(z.string(), z.string().regex(/^[a-f0-9]{64}$/));
