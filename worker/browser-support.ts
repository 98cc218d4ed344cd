/**
 * Which browsers get the /unsupported page instead of the site.
 *
 * Why this shape: the worker asks on every page request, so the verdict must be cheap (memoised),
 * must never throw on hostile headers, and must only ever turn away a browser it can positively
 * name as too old. Anything it cannot name — bots, unknown browsers, garbage — is let through,
 * because wrongly blocking a real visitor (or a crawler) costs more than serving an old browser.
 */
import { createIsbotFromList, list as botPatterns } from 'isbot';
import UAParser from 'ua-parser-js';
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

/** Client-hint brands that name a table browser; GREASE and other brands are ignored. Map: see NAME_TO_BROWSER. */
const BRAND_TO_BROWSER: ReadonlyMap<string, KnownBrowser> = new Map([
  ['Microsoft Edge', 'edge'],
  ['Opera', 'opera'],
  ['Opera GX', 'opera'],
  ['OperaMobile', 'opera'],
  ['Google Chrome', 'chrome'],
  ['Chromium', 'chrome'],
  ['HeadlessChrome', 'chrome'],
]);
/** When a list names several, the most specific wins (Edge and Opera also list "Chromium"). */
const BRAND_RANK: Readonly<Record<KnownBrowser, number>> = { edge: 3, opera: 3, chrome: 1, ie: 0, firefox: 0, safari: 0 };

/** Bots imitate old browsers freely; a crawler name in "xyzbot/1.0" form is enough to let them in. */
const BOT_FALLBACK = /\b[a-z]*(?:bot|crawler|spider)\/\d/i;

/**
 * isbot's list counts every "headless" UA as a bot, HeadlessChrome included. Headless Chrome is
 * judged as Chrome here (it is what automated checks of this site run), so only that one token is
 * exempted; other headless tools are still bots.
 */
let botCheck: ((ua: string) => boolean) | undefined; // built on first use: start-up CPU is limited
const isBotUa = (ua: string) =>
  (botCheck ??= createIsbotFromList(botPatterns.map((pattern) => (pattern === 'headless' ? 'headless(?!chrome)' : pattern))))(ua);

let parser: UAParser | undefined; // one instance, re-pointed with setUA for each new UA

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

/**
 * Android WebView (the system browser engine inside apps) says "; wv)" and carries its Chromium
 * version as "Version/4.0 Chrome/NN". It is as capable as that Chrome, so it is judged as Chrome;
 * ua-parser-js gives in-app browsers their app's name, which would leave them "not in the table".
 */
const ANDROID_WEBVIEW = /; ?wv\)/;
const WEBVIEW_CHROME = /\bVersion\/4\.0 Chrome\/(\d{1,6})/;

/**
 * Browsers on iOS whose own version is held to their row as well as their engine to Safari's:
 * Chrome (CriOS), Edge (EdgiOS) and Firefox (FxiOS), whose numbers are, or became, those of their
 * desktop siblings. A Firefox for iOS numbered below 78 (FxiOS 1-40 counted on a line of its own
 * until 2022) is turned away, as the product decided. Not Opera: Opera for iOS counts on a line of
 * its own (OPT/1 to OPT/6 so far) that is nowhere near the Opera row's 90, so the row would turn
 * away every copy ever shipped; it is judged by its engine, as mobile Opera is on Android.
 */
const IOS_OWN_VERSION_ROWS: ReadonlySet<KnownBrowser> = new Set(['chrome', 'edge', 'firefox']);

/**
 * Every iOS browser is Safari's WebKit underneath (Apple's rule), and that WebKit is the one of the
 * iOS version. Safari itself is judged by its own Version/ token, which is its WebKit release
 * (iOS 26 keeps saying "iPhone OS 18_6" but "Version/26.0"), and by the iOS version without one.
 * Any other table browser must pass twice: its engine, judged as Safari by the iOS version, and
 * (see IOS_OWN_VERSION_ROWS) its own version against its row. The engine is checked first, so an
 * old iOS is reported as the Safari it is.
 */
function judgeOnIos(browser: KnownBrowser, ownMajor: number | undefined, iosMajor: number | undefined): BrowserVerdict {
  if (browser === 'safari') {
    const major = ownMajor ?? iosMajor;
    return major === undefined ? { supported: true, browser, reason: 'no version' } : judge('safari', major, ' (ios)');
  }
  const engine = iosMajor === undefined ? undefined : judge('safari', iosMajor, ' (ios webkit)');
  if (engine && !engine.supported) return engine;
  if (ownMajor !== undefined && IOS_OWN_VERSION_ROWS.has(browser)) {
    return judge(browser, ownMajor, engine ? ` (ios, webkit ${iosMajor})` : ' (ios)');
  }
  return engine ?? { supported: true, browser, reason: 'no version' };
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
    const browser = BRAND_TO_BROWSER.get(brand);
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

  // ua-parser-js does not recognise crawlers: it reads Googlebot-smartphone as "Chrome 41".
  if (ua && isBotUa(ua)) return { supported: true, reason: 'bot' };
  let result: UAParser.IResult | undefined;
  const parse = (): UAParser.IResult => (result ??= (parser ??= new UAParser()).setUA(ua).getResult());

  const engineMajor = () => (ua && parse().engine.name === 'Blink' ? toMajor(parse().engine.version) : undefined);
  const fromHints = verdictFromHints(hints, engineMajor);
  if (fromHints) return fromHints;
  if (!ua) return { supported: true, reason: 'no user agent' };

  // Before the name: in-app browsers (Facebook, Instagram, ...) show pages in the same WebView.
  const webview = ANDROID_WEBVIEW.test(ua) ? WEBVIEW_CHROME.exec(ua) : null;
  if (webview) return judge('chrome', Number(webview[1]), ' (android webview)');

  const { browser: b, os, engine, device } = parse();
  const browser = NAME_TO_BROWSER.get((b.name ?? '').toLowerCase()) ?? (engine.name === 'Trident' ? 'ie' : undefined);
  if (!browser) return { supported: true, reason: 'not in table' };
  if (os.name === 'iOS') return judgeOnIos(browser, toMajor(b.version), toMajor(os.version));

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
