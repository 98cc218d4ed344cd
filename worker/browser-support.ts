/**
 * Which browsers get the /unsupported page instead of the site (spec §5).
 *
 * Why this shape: the worker asks on every page request, so the verdict must be cheap (memoised),
 * must never throw on hostile headers, and must only ever turn away a browser it can positively
 * name as too old. Anything it cannot name — bots, unknown browsers, garbage — is let through,
 * because wrongly blocking a real visitor (or a crawler) costs more than serving an old browser.
 */
import { type IResult, UAParser } from 'ua-parser-js';
import { isBot } from 'ua-parser-js/bot-detection';
import { Bots } from 'ua-parser-js/extensions';
import { type KnownBrowser, MIN_SUPPORTED_MAJOR } from '../app/browser-support';

export interface BrowserHints {
  userAgent?: string | null;
  secChUa?: string | null;
  secChUaFullVersionList?: string | null;
  secChUaMobile?: string | null;
  secChUaPlatform?: string | null;
}

export interface BrowserVerdict {
  supported: boolean;
  browser?: KnownBrowser;
  major?: number;
  /** Short and log-friendly: "chrome 63 < 64", "bot", "not in table", "no user agent". */
  reason: string;
}

const MAX_INPUT = 512;
const MEMO_LIMIT = 1000;
const memo = new Map<string, BrowserVerdict>();

/** ua-parser-js browser names (v2, mobile variants included) that the table covers. */
const NAME_TO_BROWSER: Readonly<Record<string, KnownBrowser>> = {
  IE: 'ie',
  IEMobile: 'ie',
  Firefox: 'firefox',
  'Mobile Firefox': 'firefox',
  Edge: 'edge',
  Chrome: 'chrome',
  'Mobile Chrome': 'chrome',
  'Chrome Headless': 'chrome',
  Chromium: 'chrome',
  Safari: 'safari',
  'Mobile Safari': 'safari',
  Opera: 'opera',
  'Opera Mobi': 'opera',
  'Opera Tablet': 'opera',
  'Opera GX': 'opera',
  'Opera Touch': 'opera',
  'Opera Coast': 'opera',
};

/** Client-hint brands that name a table browser; GREASE and other brands are ignored. */
const BRAND_TO_BROWSER: Readonly<Record<string, KnownBrowser>> = {
  'Microsoft Edge': 'edge',
  Opera: 'opera',
  'Opera GX': 'opera',
  OperaMobile: 'opera',
  'Google Chrome': 'chrome',
  Chromium: 'chrome',
  HeadlessChrome: 'chrome',
};
/** When a list names several, the most specific wins (Edge and Opera also list "Chromium"). */
const BRAND_RANK: Readonly<Record<KnownBrowser, number>> = { edge: 3, opera: 3, chrome: 1, ie: 0, firefox: 0, safari: 0 };

/** Bots imitate old browsers freely; a crawler name in "xyzbot/1.0" form is enough to let them in. */
const BOT_FALLBACK = /\b[a-z]*(?:bot|crawler|spider)\/\d/i;

let parser: UAParser | undefined; // built on first use: merging the bot regexes is not free

function clip(value: string | null | undefined): string {
  return typeof value === 'string' ? value.slice(0, MAX_INPUT).trim() : '';
}

function toMajor(version: string | undefined): number | undefined {
  const match = /^\s*(\d{1,6})/.exec(version ?? '');
  return match ? Number(match[1]) : undefined;
}

function judge(browser: KnownBrowser, major: number, note = ''): BrowserVerdict {
  const min = MIN_SUPPORTED_MAJOR[browser];
  const supported = major >= min;
  const rule = min === Infinity ? 'no version supported' : `${supported ? '>=' : '<'} ${min}`;
  return { supported, browser, major, reason: `${browser} ${major} ${rule}${note}` };
}

/**
 * Mobile Opera (Opera for Android, Opera GX/Touch mobile) numbers its versions on a line of its
 * own: a current one says "OPR/80" on Chromium 13x. Its OPR number says nothing about what it can
 * run, so it is judged by its engine: the Chromium version against the Chrome minimum. Desktop
 * Opera's numbers are comparable and are judged by the table's Opera row.
 */
function judgeMobileOpera(operaMajor: number, chromiumMajor: number, note = ''): BrowserVerdict {
  const min = MIN_SUPPORTED_MAJOR.chrome;
  const supported = chromiumMajor >= min;
  const rule = `${supported ? '>=' : '<'} ${min}`;
  return { supported, browser: 'opera', major: operaMajor, reason: `mobile opera on chromium ${chromiumMajor} ${rule}${note}` };
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

/** Client hints exist only in Chromium 89+, so they name Edge/Opera precisely or prove "new enough". */
function verdictFromHints(hints: BrowserHints, engineFromUa: () => number | undefined): BrowserVerdict | undefined {
  const brands = parseBrandList(clip(hints.secChUaFullVersionList)) ?? parseBrandList(clip(hints.secChUa));
  if (!brands) return undefined;
  let best: { browser: KnownBrowser; brand: string; major: number } | undefined;
  for (const [brand, major] of brands) {
    const browser = BRAND_TO_BROWSER[brand];
    if (browser && (!best || BRAND_RANK[browser] > BRAND_RANK[best.browser])) best = { browser, brand, major };
  }
  if (!best) return undefined; // GREASE or unknown brands only: let the UA decide
  const mobile = clip(hints.secChUaMobile) === '?1' || /^"?android"?$/i.test(clip(hints.secChUaPlatform)) || best.brand === 'OperaMobile';
  if (best.browser === 'opera' && mobile) {
    // Engine rule (see judgeMobileOpera); sending hints at all already means Chromium 89 or later.
    const chromium = brands.get('Chromium') ?? brands.get('Google Chrome') ?? engineFromUa() ?? 89;
    return judgeMobileOpera(best.major, chromium, ' (client hints)');
  }
  return judge(best.browser, best.major, ' (client hints)');
}

function computeVerdict(hints: BrowserHints): BrowserVerdict {
  const ua = clip(hints.userAgent);
  if (ua && BOT_FALLBACK.test(ua)) return { supported: true, reason: 'bot' };

  let result: IResult | undefined;
  const parse = (): IResult => (result ??= (parser ??= new UAParser('', Bots)).setUA(ua).getResult());
  // ua-parser-js v2 only marks crawlers when parsed with its Bots extension; plain parsing reads
  // Googlebot-smartphone as "Mobile Chrome 41".
  if (ua && isBot(parse())) return { supported: true, reason: 'bot' };

  const engineMajor = () => (ua && parse().engine.name === 'Blink' ? toMajor(parse().engine.version) : undefined);
  const fromHints = verdictFromHints(hints, engineMajor);
  if (fromHints) return fromHints;
  if (!ua) return { supported: true, reason: 'no user agent' };

  const { browser: b, os, engine, device } = parse();
  const browser = NAME_TO_BROWSER[b.name ?? ''] ?? (engine.name === 'Trident' ? 'ie' : undefined);
  if (!browser) return { supported: true, reason: 'not in table' };

  if (os.name === 'iOS') {
    // Every iOS browser is Safari's WebKit underneath (Apple's rule), so Chrome/Firefox/Edge/Opera
    // on iOS (CriOS, FxiOS, EdgiOS, ...) are judged as Safari, by the iOS (= WebKit) version.
    const iosMajor = toMajor(os.version) ?? (browser === 'safari' ? toMajor(b.version) : undefined);
    return iosMajor === undefined ? { supported: true, reason: 'no version' } : judge('safari', iosMajor, ' (ios webkit)');
  }

  const major = toMajor(b.version) ?? (browser === 'ie' ? 0 : undefined);
  if (major === undefined) return { supported: true, browser, reason: 'no version' };
  const mobile = os.name === 'Android' || device.type === 'mobile' || device.type === 'tablet';
  if (browser === 'opera' && mobile) {
    const chromium = engineMajor();
    // Presto-era Opera Mobile has no Chromium and its own numbers are real Opera versions.
    if (chromium !== undefined) return judgeMobileOpera(major, chromium);
  }
  return judge(browser, major);
}

export function browserVerdict(hints: BrowserHints): BrowserVerdict {
  try {
    const key = [hints.userAgent, hints.secChUa, hints.secChUaFullVersionList, hints.secChUaMobile, hints.secChUaPlatform]
      .map(clip)
      .join('\n');
    const cached = memo.get(key);
    if (cached) return cached;
    const verdict = Object.freeze(computeVerdict(hints));
    if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
    memo.set(key, verdict);
    return verdict;
  } catch {
    return { supported: true, reason: 'error' }; // never turn a visitor away because of our own bug
  }
}

/** Convenience for the worker: reads the headers from a Headers object. */
export function browserVerdictFromHeaders(headers: Headers): BrowserVerdict {
  return browserVerdict({
    userAgent: headers.get('user-agent'),
    secChUa: headers.get('sec-ch-ua'),
    secChUaFullVersionList: headers.get('sec-ch-ua-full-version-list'),
    secChUaMobile: headers.get('sec-ch-ua-mobile'),
    secChUaPlatform: headers.get('sec-ch-ua-platform'),
  });
}
