/**
 * How a browser is judged against the support table (./support-table.ts), once for both sides
 * (docs/behaviour.md#32-order-of-the-check): the edge, which reads the request's headers and
 * parses the User-Agent with ua-parser-js (worker/browser-support/verdict-from-headers.ts), and the client, which
 * reads `navigator` and parses with a small matcher of its own (./matcher.ts),
 * because ua-parser-js is too large to ship. Only the parsing differs; every rule after it is
 * this module's, so the two sides cannot drift apart on a rule.
 *
 * Why this shape: it must never throw on hostile input, and must only ever turn away a browser it
 * can positively name as too old. Anything it cannot name (bots, unknown browsers, garbage) is let
 * through, because wrongly blocking a real visitor (or a crawler) costs more than serving an old
 * browser. Lookups keyed by outside input are Maps, so `constructor` names no browser.
 */
import { type KnownBrowser, MIN_SUPPORTED_MAJOR } from './support-table';

export interface BrowserVerdict {
  supported: boolean;
  browser?: KnownBrowser;
  major?: number;
  /** Short and log-friendly: "chrome 63 < 64", "bot", "not in table", "no user agent". */
  reason: string;
}

/** What a User-Agent parser tells the rules: the edge's is ua-parser-js, the client's the small matcher. */
export interface UserAgentFacts {
  /** the table browser the User-Agent names, or undefined when it names none ("not in table") */
  browser: KnownBrowser | undefined;
  /** the browser's own version as written ("63.0.3239.132"), when it has one */
  version: string | undefined;
  ios: boolean;
  /** the iOS version ("12.1"), when the User-Agent says it */
  iosVersion: string | undefined;
  /** Android, or a phone or tablet: mobile Opera is judged by its engine */
  mobile: boolean;
  /** the Blink (Chromium) major version, when the engine is Blink */
  blinkMajor: number | undefined;
}

/** What the check reads: the User-Agent (already clipped) and the client hints' brands. */
export interface BrowserSignals {
  userAgent: string;
  /** brand -> major version, from Sec-CH-UA or navigator.userAgentData.brands; undefined without hints */
  brands: ReadonlyMap<string, number> | undefined;
  /** Sec-CH-UA-Mobile ?1 or an Android platform (navigator.userAgentData.mobile / .platform) */
  mobileHint: boolean;
}

/** Headers and User-Agents are read only this far: bounded CPU per request, and per page. */
export const MAX_BROWSER_INPUT_CHARS = 512;

export function clipBrowserInput(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, MAX_BROWSER_INPUT_CHARS).trim() : '';
}

export function toMajor(version: string | undefined): number | undefined {
  const match = /^\s*(\d{1,6})/.exec(version ?? '');
  return match ? Number(match[1]) : undefined;
}

/** Client-hint brands that name a table browser; GREASE and other brands are ignored. A Map: the key comes from outside. */
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
 * parsers give in-app browsers their app's name, which would leave them "not in the table".
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
const IOS_OWN_VERSION_ROWS: ReadonlySet<KnownBrowser> = new Set<KnownBrowser>(['chrome', 'edge', 'firefox']);

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

/** Client hints exist only in Chromium 89+, so they name Edge/Opera precisely or prove "new enough". */
function verdictFromBrands(
  brands: ReadonlyMap<string, number>,
  mobileHint: boolean,
  engineFromUa: () => number | undefined,
): BrowserVerdict | undefined {
  let best: { browser: KnownBrowser; brand: string; major: number } | undefined;
  for (const [brand, major] of brands) {
    const browser = BRAND_TO_BROWSER.get(brand);
    if (browser && (!best || BRAND_RANK[browser] > BRAND_RANK[best.browser])) best = { browser, brand, major };
  }
  if (!best) return undefined; // GREASE or unknown brands only: let the UA decide
  if (best.browser === 'opera' && (mobileHint || best.brand === 'OperaMobile')) {
    // Engine rule (see judgeMobileOpera); sending hints at all already means Chromium 89 or later.
    const chromium = brands.get('Chromium') ?? brands.get('Google Chrome') ?? engineFromUa() ?? 89;
    return judgeMobileOpera(best.major, chromium, ' (client hints)');
  }
  return judge(best.browser, best.major, ' (client hints)');
}

/**
 * The verdict for what a browser says about itself, in the order of docs/behaviour.md#32-order-of-the-check.
 * `parse` is asked at most once, and only when the rules get that far (it is the costly part).
 * `isBot` is ./bots.ts; without it, bots are judged as the browsers they claim to be
 * (the client asks again with it when that turns one away: a bot only ever changes "unsupported").
 */
export function decideBrowserSupport(
  { userAgent: ua, brands, mobileHint }: BrowserSignals,
  parse: (ua: string) => UserAgentFacts,
  isBot?: (ua: string) => boolean,
): BrowserVerdict {
  // Parsers do not recognise crawlers: ua-parser-js reads Googlebot-smartphone as "Chrome 41".
  if (ua && isBot && isBot(ua)) return { supported: true, reason: 'bot' };
  let facts: UserAgentFacts | undefined;
  const read = () => (facts ??= parse(ua));

  const fromHints = brands && verdictFromBrands(brands, mobileHint, () => (ua ? read().blinkMajor : undefined));
  if (fromHints) return fromHints;
  if (!ua) return { supported: true, reason: 'no user agent' };

  // Before the name: in-app browsers (Facebook, Instagram, ...) show pages in the same WebView.
  const webview = ANDROID_WEBVIEW.test(ua) ? WEBVIEW_CHROME.exec(ua) : null;
  if (webview) return judge('chrome', Number(webview[1]), ' (android webview)');

  const { browser, version, ios, iosVersion, mobile, blinkMajor } = read();
  if (!browser) return { supported: true, reason: 'not in table' };
  if (ios) return judgeOnIos(browser, toMajor(version), toMajor(iosVersion));

  const major = toMajor(version) ?? (browser === 'ie' ? 0 : undefined);
  if (major === undefined) return { supported: true, browser, reason: 'no version' };
  // Presto-era Opera Mobile has no Chromium and its own numbers are real Opera versions.
  if (browser === 'opera' && mobile && blinkMajor !== undefined) return judgeMobileOpera(major, blinkMajor);
  return judge(browser, major);
}
