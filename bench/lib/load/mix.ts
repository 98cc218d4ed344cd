/**
 * The load test's request mix: what a day of real traffic to the site touches, in one list that
 * every autocannon connection walks round-robin. Each request knows which statuses are right
 * for it, so the run counts wrong answers, not just 5xx.
 */
import type { AutocannonRequest } from 'autocannon';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { payloadUrlPath } from '../../../app/content/paths';
import { kvKeys } from '../../../app/kv-keys';
import type { BuildOutput } from '../../../scripts/lib/build-records';
import { IE11_UA } from '../load-generator';

export type RequestKind =
  | 'page'
  | 'payload-current'
  | 'payload-stale'
  | 'manifest'
  | 'pointer'
  | 'asset'
  | 'not-found'
  | 'not-found-unique'
  | 'page-unique-query'
  | 'page-unique-user-agent'
  | 'page-long-user-agent'
  | 'unique-accept-language'
  | 'hostile'
  | 'unsupported-browser'
  | 'form-post';

export interface MixEntry {
  kind: RequestKind;
  path: string;
  /** GET unless said */
  method?: 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** statuses that are right for this request */
  expect: number[];
  /**
   * what is fresh on every request (a counter): the path (`path` + counter), the query string,
   * the User-Agent (normal length, or about 4 KB) or the Accept-Language. Anything the worker
   * kept per value would grow without bound and show in the memory check.
   */
  vary?: 'path' | 'query' | 'user-agent' | 'long-user-agent' | 'accept-language';
  /** a fresh Idempotency-Key every time: each post is a new entry, which must be stored */
  uniqueKey?: boolean;
}

/** The contact form of content/: its page and a valid entry, as the hydrated form posts it. */
export const FORM_POST = {
  path: '/_app/forms',
  body: JSON.stringify({
    form: 'contact',
    page: '/en/contact',
    values: {
      name: 'Load Test',
      email: 'load@example.com',
      phone: '',
      topic: 'other',
      message: 'A form post under load.',
      consent: true,
      _hp: '',
    },
  }),
  // The browser's own marks of a same-origin post (the worker checks Origin or this).
  headers: { 'content-type': 'application/json', accept: 'application/json', 'sec-fetch-site': 'same-origin' },
};

/** A build id that was never live: the worker answers with the live payload, briefly cached. */
export const NEVER_LIVE_BUILD_ID = '0000000000000000';

/** Paths an attacker or a broken client sends; the worker must answer 400/404, never 5xx. */
export const HOSTILE_PATHS = [
  '/..%2f..%2fbuilds/latest.json',
  '/%00',
  '/%C0%AE',
  '/en/' + 'a'.repeat(2000),
  '/en/%2e%2e/%2e%2e/wrangler.toml',
  '/en/page%0d%0aSet-Cookie:x=1',
  '/en/%5c..%5c..%5cetc',
];

export function pagePaths(build: BuildOutput): string[] {
  const index = build.records.find((r) => r.key === kvKeys.index(build.id));
  if (!index) throw new Error(`build ${build.id} has no index record`);
  return Object.keys((JSON.parse(index.value) as { pages: Record<string, string> }).pages).sort();
}

export async function hashedAssets(publicDir: string): Promise<string[]> {
  const dir = join(publicDir, '_app');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => '/_app/' + relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

/**
 * Every page of the build (all locales, every depth), the payloads of one page per locale and
 * depth by the current and by a stale build id, the pointer and manifest, every hashed asset,
 * 404s, hostile paths, an old browser (302 to /unsupported), and form posts, each a new entry
 * the worker stores in D1 before it answers 200.
 */
export function buildMix(build: BuildOutput, assets: string[]): MixEntry[] {
  const pages = pagePaths(build);
  // One page per (locale, depth) for the payloads: enough to touch every locale and depth.
  const byLocaleDepth = new Map<string, string>();
  for (const p of pages) {
    const key = `${p.split('/')[1]}:${p.split('/').length}`;
    if (!byLocaleDepth.has(key)) byLocaleDepth.set(key, p);
  }
  const payloadPages = [...byLocaleDepth.values()];
  const locales = [...new Set(pages.map((p) => p.split('/')[1]).filter(Boolean))];
  return [
    ...pages.map((path) => ({ kind: 'page' as const, path, expect: [200] })),
    ...payloadPages.map((p) => ({ kind: 'payload-current' as const, path: `${payloadUrlPath(p)}?${build.id}`, expect: [200] })),
    ...payloadPages.map((p) => ({ kind: 'payload-stale' as const, path: `${payloadUrlPath(p)}?${NEVER_LIVE_BUILD_ID}`, expect: [200] })),
    { kind: 'pointer', path: '/_app/builds/latest.json', expect: [200] },
    { kind: 'manifest', path: `/_app/builds/meta/${build.id}.json`, expect: [200] },
    ...assets.map((path) => ({ kind: 'asset' as const, path, expect: [200] })),
    ...locales.slice(0, 3).map((l) => ({ kind: 'not-found' as const, path: `/${l}/no-such-page/at/all`, expect: [404] })),
    { kind: 'not-found', path: '/no-such-locale', expect: [404] },
    ...locales.slice(0, 2).map((l) => ({ kind: 'not-found-unique' as const, path: `/${l}/gone-`, expect: [404], vary: 'path' as const })),
    { kind: 'page-unique-query', path: pages[0]!, expect: [200], vary: 'query' },
    { kind: 'page-unique-user-agent', path: pages[1 % pages.length]!, expect: [200], vary: 'user-agent' },
    { kind: 'page-long-user-agent', path: pages[2 % pages.length]!, expect: [200], vary: 'long-user-agent' },
    { kind: 'unique-accept-language', path: '/no-such-locale', expect: [404], vary: 'accept-language' },
    {
      kind: 'unique-accept-language',
      path: `/${locales[0]}`,
      headers: { 'user-agent': IE11_UA },
      expect: [302],
      vary: 'accept-language',
    },
    ...HOSTILE_PATHS.map((path) => ({ kind: 'hostile' as const, path, expect: [400, 404, 414] })),
    ...locales
      .slice(0, 2)
      .map((l) => ({ kind: 'unsupported-browser' as const, path: `/${l}`, headers: { 'user-agent': IE11_UA }, expect: [302] })),
    { kind: 'form-post', method: 'POST', ...FORM_POST, expect: [200], uniqueKey: true },
  ];
}

/** A Chrome UA with a fresh build number, which the browser check parses like any other. */
const uniqueUserAgent = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.${n}.0 Safari/537.36`;
/** The same, padded with product tokens to about 4 KB: what a memo keyed by UA must bound in bytes. */
const longUserAgent = (n: number) => `${uniqueUserAgent(n)} ${'Extension/1.0 '.repeat(290)}`;

function varied(req: { path?: string; headers?: Record<string, string> }, entry: MixEntry, n: number) {
  const tag = n.toString(36);
  switch (entry.vary) {
    case 'path':
      return { ...req, path: `${entry.path}${tag}` };
    case 'query':
      return { ...req, path: `${entry.path}?utm_source=load&n=${tag}` };
    case 'user-agent':
      return { ...req, headers: { ...req.headers, 'user-agent': uniqueUserAgent(n) } };
    case 'long-user-agent':
      return { ...req, headers: { ...req.headers, 'user-agent': longUserAgent(n) } };
    case 'accept-language':
      return { ...req, headers: { ...req.headers, 'accept-language': `x-${tag};q=0.9, fi;q=0.8` } };
    default:
      return req;
  }
}

export interface MixTally {
  /** kind -> status -> count */
  byKind: Record<string, Record<string, number>>;
  /** the Idempotency-Keys of form posts answered 200: each must be a stored entry */
  acceptedKeys: string[];
  unexpected: number;
  /** the first few wrong answers, for the report */
  examples: string[];
  /**
   * every 5xx and wrong answer with its time (the run's clock), up to MAX_NOTED: a soak allows
   * the documented 503s inside its KV fault window and nothing outside it
   */
  noted: NotedAnswer[];
}

export interface NotedAnswer {
  /** ms on the clock given to toAutocannonRequests */
  at: number;
  status: number;
  kind: RequestKind;
  /** whether the status was right for the request */
  expected: boolean;
}

const MAX_EXAMPLES = 10;
const MAX_NOTED = 50_000;

/** autocannon requests for the mix, counting each answer against what its entry expects. */
export function toAutocannonRequests(mix: MixEntry[], tally: MixTally, clock: () => number = () => performance.now()): AutocannonRequest[] {
  let counter = 0;
  // Keys unique to this run too: a second run's posts must not be taken for the first one's.
  const run = Date.now().toString(36);
  return mix.map((entry) => ({
    method: entry.method ?? 'GET',
    path: entry.path,
    ...(entry.body !== undefined ? { body: entry.body } : {}),
    ...(entry.headers ? { headers: entry.headers } : {}),
    ...(entry.vary ? { setupRequest: (req: { path?: string; headers?: Record<string, string> }) => varied(req, entry, counter++) } : {}),
    ...(entry.uniqueKey
      ? {
          // autocannon's context is the connection's, whose requests go one at a time.
          setupRequest: (req: { headers?: Record<string, string> }, context: Record<string, unknown>) => {
            const key = `load-${run}-${(counter++).toString(36).padStart(8, '0')}`;
            context.idempotencyKey = key;
            return { ...req, headers: { ...req.headers, 'idempotency-key': key } };
          },
        }
      : {}),
    onResponse: (status: number, _body: string, context: Record<string, unknown>) => {
      if (entry.uniqueKey && status === 200 && typeof context.idempotencyKey === 'string') tally.acceptedKeys.push(context.idempotencyKey);
      const kind = (tally.byKind[entry.kind] ??= {});
      kind[status] = (kind[status] ?? 0) + 1;
      const expected = entry.expect.includes(status);
      if ((status >= 500 || !expected) && tally.noted.length < MAX_NOTED)
        tally.noted.push({ at: clock(), status, kind: entry.kind, expected });
      if (!expected) {
        tally.unexpected++;
        if (tally.examples.length < MAX_EXAMPLES)
          tally.examples.push(`${status} for ${entry.kind} ${entry.path.slice(0, 80)} (expected ${entry.expect.join('/')})`);
      }
    },
  }));
}

export const newTally = (): MixTally => ({ byKind: {}, acceptedKeys: [], unexpected: 0, examples: [], noted: [] });
