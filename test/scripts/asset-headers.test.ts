/** The `_headers` file the build writes for Workers static assets, read rule by rule. */
import { describe, expect, test } from 'vitest';
import { ASSET_HEADERS, MEDIA_CSP, PREVIEW_ASSET_HEADERS } from '../../scripts/lib/site-build';
import { BASE_SECURITY_HEADERS, DOCUMENT_SECURITY_HEADERS } from '../../worker/security-header-values';

/** Path pattern -> its lines (`Name: value`, or `! Name` to detach), as Cloudflare reads them. */
function rules(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (!line.startsWith(' ')) out.set(line, (current = []));
    else current!.push(line.trim());
  }
  return out;
}

/** The headers a file at `path` gets: matching rules in file order; a header two rules set is joined. */
function headersFor(path: string, file = path.startsWith('/editor/') ? PREVIEW_ASSET_HEADERS : ASSET_HEADERS): Map<string, string> {
  const headers = new Map<string, string>();
  for (const [pattern, lines] of rules(file)) {
    const prefix = pattern.endsWith('*') ? pattern.slice(0, -1) : null;
    if (prefix === null ? pattern !== path : !path.startsWith(prefix)) continue;
    const setHere = new Set<string>();
    for (const line of lines) {
      if (line.startsWith('! ')) headers.delete(line.slice(2).toLowerCase());
      else {
        const [name, ...value] = line.split(': ');
        const key = name!.toLowerCase();
        const prior = headers.get(key);
        headers.set(key, prior !== undefined && !setHere.has(key) ? `${prior}, ${value.join(': ')}` : value.join(': '));
        setHere.add(key);
      }
    }
  }
  return headers;
}

const FILES = [
  '/_app/entry.ABC123.js',
  '/_app/entry.ABC123.css',
  '/media/photo.jpg',
  '/media/_v/photo.640.avif',
  '/favicon.svg',
  '/unsupported.css',
  '/editor/index.html',
];

describe('the static assets’ _headers', () => {
  test.each(FILES)('%s gets the worker’s security headers, each once, with the same values', (file) => {
    const headers = headersFor(file);
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) expect(headers.get(name.toLowerCase()), name).toBe(value);
  });

  test('no rule sets a header the /* rule sets, since two matching rules join their values', () => {
    const base = new Set(Object.keys(BASE_SECURITY_HEADERS).map((n) => n.toLowerCase()));
    for (const [pattern, lines] of rules(PREVIEW_ASSET_HEADERS)) {
      if (pattern === '/*') continue;
      for (const line of lines) expect(base.has(line.split(':')[0]!.replace(/^! /, '').toLowerCase()), `${pattern}: ${line}`).toBe(false);
    }
  });

  test('hashed client files and image variants are immutable for a year; media revalidate within an hour', () => {
    expect(headersFor('/_app/entry.ABC123.js').get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(headersFor('/media/_v/photo.640.avif').get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(headersFor('/media/photo.jpg').get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=86400');
  });

  test('media and their variants carry the media CSP once', () => {
    expect(headersFor('/media/photo.svg').get('content-security-policy')).toBe(MEDIA_CSP);
    expect(headersFor('/media/_v/photo.640.avif').get('content-security-policy')).toBe(MEDIA_CSP);
  });

  test('the preview host’s _headers are the live ones plus the editor’s rule; the live ones have no rule for it', () => {
    expect(PREVIEW_ASSET_HEADERS.startsWith(ASSET_HEADERS)).toBe(true);
    expect([...rules(ASSET_HEADERS).keys()].filter((p) => p.startsWith('/editor'))).toEqual([]);
    expect([...rules(PREVIEW_ASSET_HEADERS).keys()].filter((p) => !rules(ASSET_HEADERS).has(p))).toEqual(['/editor/*']);
  });

  test('the editor, an HTML document, gets the documents’ opener policy', () => {
    for (const [name, value] of Object.entries(DOCUMENT_SECURITY_HEADERS))
      expect(headersFor('/editor/index.html').get(name.toLowerCase())).toBe(value);
  });
});
