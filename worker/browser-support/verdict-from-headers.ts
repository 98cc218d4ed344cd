/**
 * Which browsers get the /unsupported page instead of the site, decided at the edge from the
 * request's headers. The rules are app/browser-support/verdict.ts, shared with the client's own check
 * (docs/behaviour.md#39-in-the-client); what is the edge's is reading the headers, parsing the
 * User-Agent with ua-parser-js, and remembering verdicts: the worker asks on every page request,
 * so the verdict must be cheap (memoised) and must never throw on hostile headers.
 */
import UAParser from 'ua-parser-js';
import type { KnownBrowser } from '../../app/browser-support/support-table';
import { isBotUserAgent } from '../../app/browser-support/bots';
import {
  type BrowserVerdict,
  type UserAgentFacts,
  clipBrowserInput as clip,
  decideBrowserSupport,
  toMajor,
} from '../../app/browser-support/verdict';
import { BROWSER_VERDICT_MEMO_MAX_BYTES, BROWSER_VERDICT_MEMO_MAX_ENTRIES, BROWSER_VERDICT_MEMO_MAX_KEY_CHARS } from '../../app/constants';
import { BoundedLru } from '../bounded-lru';

export type { BrowserVerdict };

export interface BrowserHints {
  userAgent?: string | null;
  secChUa?: string | null;
  secChUaFullVersionList?: string | null;
  secChUaMobile?: string | null;
  secChUaPlatform?: string | null;
}

/**
 * Verdicts by the headers they were made from: unique user agents arrive at high rates (every
 * browser build, every bot), so the memo is bounded in entries and in key bytes, and a key too
 * long for any real browser is judged every time rather than kept.
 */
const memo = new BoundedLru<string, BrowserVerdict>({
  maxEntries: BROWSER_VERDICT_MEMO_MAX_ENTRIES,
  maxBytes: BROWSER_VERDICT_MEMO_MAX_BYTES,
});
/** A verdict's own size beside its key's (a frozen object of a few short fields), for the byte bound. */
const VERDICT_BYTES = 100;

/** What the memo holds now, for the test that fills it past its bounds. */
export const browserVerdictMemoUsage = () => memo.usage();

/**
 * ua-parser-js 1.x browser names that the table covers, lower-cased: some names are the token as
 * written in the UA ("IEMobile", "Opera Mobi"), so their case is the sender's. A Map, because the
 * key comes from outside and a plain object would answer "constructor" from its prototype.
 */
const NAME_TO_BROWSER: ReadonlyMap<string, KnownBrowser> = new Map([
  ['ie', 'ie'],
  ['iemobile', 'ie'],
  ['firefox', 'firefox'],
  ['edge', 'edge'],
  ['chrome', 'chrome'],
  ['chrome headless', 'chrome'],
  ['chrome webview', 'chrome'],
  ['chromium', 'chrome'],
  ['safari', 'safari'],
  ['mobile safari', 'safari'],
  ['opera', 'opera'],
  ['opera mobi', 'opera'],
  ['opera tablet', 'opera'],
  ['opera gx', 'opera'],
  ['opera touch', 'opera'],
  ['opera coast', 'opera'],
]);

let parser: UAParser | undefined; // one instance, re-pointed with setUA for each new UA

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
/** Current browsers of the kinds most visitors use, with and without client hints, for warmBrowserCheck. */
const WARM_UP_HINTS: readonly BrowserHints[] = [
  { userAgent: CHROME_ON_WINDOWS },
  {
    userAgent: CHROME_ON_WINDOWS,
    secChUa: '"Not)A;Brand";v="8", "Chromium";v="138", "Google Chrome";v="138"',
    secChUaMobile: '?0',
    secChUaPlatform: '"Windows"',
  },
  {
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  },
];

/**
 * The check compiles ua-parser-js's few hundred regular expressions and the bot list's one large
 * one on first use, and V8 compiles them again to machine code on the second: about 30 ms of CPU
 * that the first page request of every isolate would otherwise wait for. Called from the
 * isolate's warm-up (warm-up.ts). Nothing is kept: the memo stays empty.
 */
export function warmBrowserCheck(): void {
  for (let round = 0; round < 2; round++) for (const hints of WARM_UP_HINTS) computeVerdict(hints);
}

function parseWithUaParser(ua: string): UserAgentFacts {
  const { browser, os, engine, device } = (parser ??= new UAParser()).setUA(ua).getResult();
  return {
    browser: NAME_TO_BROWSER.get((browser.name ?? '').toLowerCase()) ?? (engine.name === 'Trident' ? 'ie' : undefined),
    version: browser.version,
    ios: os.name === 'iOS',
    iosVersion: os.version,
    mobile: os.name === 'Android' || device.type === 'mobile' || device.type === 'tablet',
    blinkMajor: engine.name === 'Blink' ? toMajor(engine.version) : undefined,
  };
}

/** Parses a Sec-CH-UA style list (`"Brand";v="120", ...`); undefined when malformed. */
function parseBrandList(header: string): Map<string, number> | undefined {
  if (!header) return undefined;
  const item = /\s*"((?:[^"\\]|\\.)*)"\s*;\s*v\s*=\s*"([^"]*)"\s*(,|$)/y;
  const brands = new Map<string, number>();
  for (let at = 0; at < header.length;) {
    item.lastIndex = at;
    const match = item.exec(header);
    if (!match) return undefined;
    const major = toMajor(match[2]);
    if (major !== undefined) brands.set(match[1]!.replace(/\\(.)/g, '$1'), major);
    at = item.lastIndex;
    if (match[3] === '') break;
  }
  return brands.size > 0 ? brands : undefined;
}

function computeVerdict(hints: BrowserHints): BrowserVerdict {
  return decideBrowserSupport(
    {
      userAgent: clip(hints.userAgent),
      brands: parseBrandList(clip(hints.secChUaFullVersionList)) ?? parseBrandList(clip(hints.secChUa)),
      mobileHint: clip(hints.secChUaMobile) === '?1' || /^"?android"?$/i.test(clip(hints.secChUaPlatform)),
    },
    parseWithUaParser,
    isBotUserAgent,
  );
}

export function browserVerdict(hints: BrowserHints): BrowserVerdict {
  try {
    // One template, not an array joined: this runs on every page request, memory hits included.
    const key = `${clip(hints.userAgent)}\n${clip(hints.secChUa)}\n${clip(hints.secChUaFullVersionList)}\n${clip(hints.secChUaMobile)}\n${clip(hints.secChUaPlatform)}`;
    const cached = memo.get(key);
    if (cached) return cached;
    const verdict = Object.freeze(computeVerdict(hints));
    // UTF-16: two bytes a character.
    if (key.length <= BROWSER_VERDICT_MEMO_MAX_KEY_CHARS) memo.set(key, verdict, key.length * 2 + VERDICT_BYTES);
    return verdict;
  } catch {
    return { supported: true, reason: 'error' }; // never turn a visitor away because of our own bug
  }
}

/**
 * The verdict for a request's headers. The mobile and platform hints only sharpen a verdict made
 * from a brand list (Sec-CH-UA or its full-version form), so without one they are not read:
 * every header read is a call into the runtime, and this runs on every page request (browsers
 * other than Chromium's send no hints at all).
 */
export function browserVerdictFromHeaders(headers: Headers): BrowserVerdict {
  const secChUa = headers.get('sec-ch-ua');
  const secChUaFullVersionList = headers.get('sec-ch-ua-full-version-list');
  const hasBrandList = Boolean(secChUa || secChUaFullVersionList);
  const hints: Required<BrowserHints> = {
    userAgent: headers.get('user-agent'),
    secChUa,
    secChUaFullVersionList,
    secChUaMobile: hasBrandList ? headers.get('sec-ch-ua-mobile') : null,
    secChUaPlatform: hasBrandList ? headers.get('sec-ch-ua-platform') : null,
  };
  if (last && sameHints(last.hints, hints)) return last.verdict;
  const verdict = browserVerdict(hints);
  last = { hints, verdict };
  return verdict;
}

/**
 * The last headers judged and their verdict. A memory hit asks on every request, and most
 * requests in a row come from the same browser: comparing five header values is cheaper than
 * building the memo's key (a string of all five) and hashing it (bench:instructions' cache hit).
 */
let last: { hints: Required<BrowserHints>; verdict: BrowserVerdict } | undefined;

const sameHints = (a: Required<BrowserHints>, b: Required<BrowserHints>) =>
  a.userAgent === b.userAgent &&
  a.secChUa === b.secChUa &&
  a.secChUaFullVersionList === b.secChUaFullVersionList &&
  a.secChUaMobile === b.secChUaMobile &&
  a.secChUaPlatform === b.secChUaPlatform;
