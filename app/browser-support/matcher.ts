/**
 * The client's own browser-support check (docs/behaviour.md#39-in-the-client): a page that
 * reached the browser without the edge deciding (a proxy or browser cache that ignores `Vary`,
 * the back/forward cache, a saved page) still sends an unsupported browser to /unsupported.
 *
 * The rules are the edge's (./verdict.ts); only the User-Agent parser is this module's.
 * ua-parser-js is far too large to ship, so this is the part of it that decides a verdict: the
 * browser rules of ua-parser-js 1.0.41 (MIT, Faisal Salman) in its order, where each rule that
 * names a table browser keeps its exact pattern, and the runs of rules for other browsers between
 * them (which make a User-Agent "not in the table") are kept as one pattern each. Its iOS,
 * Android, engine and phone/tablet rules are those the verdict reads. A test holds this parser
 * and ua-parser-js to the same verdict on the edge's table of User-Agents and on generated ones
 * (test/app/browser-support/matcher.test.ts), so a change to either shows there.
 */
import type { KnownBrowser } from './support-table';
import { type BrowserVerdict, type UserAgentFacts, clipBrowserInput, decideBrowserSupport, toMajor } from './verdict';

/** A browser rule: its pattern, then what it names (a table browser, a name group to look up, or nothing) and its version group. */
type Rule = readonly [pattern: RegExp, names: KnownBrowser | number | null, versionGroup: number];

/** Names a rule captures as written (ua-parser-js lower-cases them to compare), for the table. A Map: the key comes from outside. */
const CAPTURED_NAMES: ReadonlyMap<string, KnownBrowser> = new Map([
  ['opera mobi', 'opera'],
  ['opera tablet', 'opera'],
  ['iemobile', 'ie'],
  ['chromium', 'chrome'],
  ['chrome', 'chrome'],
  ['safari', 'safari'],
  ['mobile safari', 'safari'],
  ['firefox', 'firefox'],
]);

/** Safari before 3 said its build, not its version, after "Safari/": ua-parser-js maps the build. */
const OLD_SAFARI = -1;

const RULES: readonly Rule[] = [
  [/\b(?:crmo|crios)\/([\w.]+)/i, 'chrome', 1],
  [/edg(?:e|ios|a)?\/([\w.]+)/i, 'edge', 1],
  [/opera mini\/[-\w.]+/i, null, 0],
  [/(opera [mobiletab]{3,6})\b.+version\/([-\w.]+)/i, 1, 2],
  [/opera(?:.+version\/|[/ ]+)([\w.]+)/i, 'opera', 1],
  [/opios[/ ]+[\w.]+/i, null, 0],
  [/\bop(?:rg)?x\/([\w.]+)/i, 'opera', 1],
  [/\bopr\/([\w.]+)/i, 'opera', 1],
  [
    /\bb[ai]*d(?:uhd|[ub]*[aekoprswx]{5,6})[/ ]?[\w.]|\b(?:mxbrowser|mxios|myie2)\/?[-\w.]*\b|kindle\/[\w.]|(?:lunascape|maxthon|netfront|jasmine|blazer|sleipnir)[/ ]?[\w.]*/i,
    null,
    0,
  ],
  [/(avant|iemobile|slim(?:browser|boat|jet))[/ ]?([\d.]*)/i, 1, 2],
  [/(?:ms|\()ie ([\w.]+)/i, 'ie', 1],
  [
    /(?:flock|rockmelt|midori|epiphany|silk|skyfire|ovibrowser|bolt|iron|vivaldi|iridium|phantomjs|bowser|qupzilla|falkon|rekonq|puffin|brave|whale(?!.+naver)|qqbrowserlite|duckduckgo|klar|helio|dragon)\/[-\w.]|(?:heytap|ovi|115)browser\/[\d.]|weibo__[\d.]|quark(?:pc)?\/[-\w.]|\bddg\/[\w.]|(?:\buc? ?browser|(?:juc.+)ucweb)[/ ]?[\w.]|microm.+\bqbcore\/[\w.]|\bqbcore\/[\w.]+.+microm|micromessenger\/[\w.]|konqueror\/[\w.]/i,
    null,
    0,
  ],
  [/trident.+rv[: ]([\w.]{1,9})\b.+like gecko/i, 'ie', 1],
  [/ya(?:search)?browser\/[\w.]|slbrowser\/[\w.]|(?:avast|avg)\/[\w.]|\bfocus\/[\w.]/i, null, 0],
  [/\bopt\/([\w.]+)/i, 'opera', 1],
  [/coc_coc\w+\/[\w.]|dolfin\/[\w.]/i, null, 0],
  [/coast\/([\w.]+)/i, 'opera', 1],
  [/miuibrowser\/[\w.]/i, null, 0],
  [/fxios\/([\w.-]+)/i, 'firefox', 1],
  [
    /\bqihoobrowser\/?[\w.]*|\bqq\/[\w.]|(?:oculus|sailfish|huawei|vivo|pico)browser\/[\w.]|samsungbrowser\/[\w.]|metasr[/ ]?[\d.]|sogoumo\w+\/[\d.]|electron\/[\w.]+ safari|tesla(?: qtcarbrowser|\/20\d\d\.[-\w.])|m?(?:qqbrowser|2345(?=browser|chrome|explorer))\w*[/ ]?v?[\w.]|lbbrowser|rekonq|\[linkedinapp\]|ome\/[\w.]+ \w* ?iron saf|ome\/[\w.]+.+qihu 360[es]e|(?:fban\/fbios|fb_iab\/fb4a)(?!.+fbav)|;fbav\/[\w.]+;|klarna\/[\w.]|kakao(?:talk|story)[/ ][\w.]|naver\(.*?\d+\.[\w.]+.*\)|daumapps[/ ][\w.]|safari line\/[\w.]|\bline\/[\w.]+\/iab|alipayclient\/[\w.]|twitter(?:and| f.+e\/[\w.])/i,
    null,
    0,
  ],
  [/(chromium|instagram|snapchat)[/ ]([-\w.]+)/i, 1, 2],
  [/\bgsa\/[\w.]+ .*safari\/|musical_ly(?:.+app_?version\/|_)[\w.]/i, null, 0],
  [/headlesschrome(?:\/([\w.]+)| )/i, 'chrome', 1],
  [/ wv\).+chrome\/([\w.]+)/i, 'chrome', 1],
  [/droid.+ version\/[\w.]+\b.+(?:mobile safari|safari)/i, null, 0],
  [/(chrome|omniweb|arora|[tizenoka]{5} ?browser)\/v?([\w.]+)/i, 1, 2],
  [/version\/([\w.,]+) .*mobile\/\w+ safari/i, 'safari', 1],
  [/version\/([\w(.|,)]+) .*(mobile ?safari|safari)/i, 2, 1],
  [/webkit.+?(mobile ?safari|safari)(\/[\w.]+)/i, 1, OLD_SAFARI],
  [
    /(?:webkit|khtml)\/[\w.]|(?:navigator|netscape\d?)\/[-\w.]|(?:wolvic|librewolf)\/[\w.]|mobile vr; rv:[\w.]+\).+firefox|ekiohf.+flow\/[\w.]|swiftfox|(?:icedragon|iceweasel|camino|chimera|fennec|maemo browser|minimo|conkeror)[/ ]?[\w.+]|(?:seamonkey|k-meleon|icecat|iceape|firebird|phoenix|palemoon|basilisk|waterfox)\/[-\w.]+$/i,
    null,
    0,
  ],
  [/(firefox)\/([\w.]+)/i, 1, 2],
];

/** ua-parser-js's map of Safari 1-2 builds: only the major version matters here. */
function oldSafariVersion(build: string): string | undefined {
  return /^\/[813]/.test(build) ? '1' : /^\/41[2679]/.test(build) ? '2' : undefined;
}

/** Any Windows: ua-parser-js looks for it before iOS, so an "iPhone OS" in a Windows UA is Windows. */
const WINDOWS =
  /microsoft windows (?:vista|xp)|windows (?:phone(?: os)?|mobile|iot)|windows nt 6\.2; arm|windows[/ ][ntce\d. ]+\w(?!.+xbox)|(?:win(?=3|9|n)|win 9x )[nt\d.]+/i;
const IOS = [/[adehimnop]{4,7}\b(?:.*os (\w+) like mac|; opera)/i, /(?:ios;fbsv\/|iphone.+ios[/ ])([\d.]+)/i, /cfnetwork\/.+darwin/i];
/** Looked for after iOS and before Android, like ua-parser-js: a Mac or another Android-based system is not Android. */
const NOT_ANDROID =
  /mac os x|(?:macintosh|mac_powerpc\b)(?!.+haiku)|droid [\w.]+\b.+(?:android[- ]x86|harmonyos)|ubuntu [\w.]+ like android/i;
const ANDROID_FAMILY =
  /(android|bada|blackberry|kaios|maemo|meego|openharmony|qnx|rim tablet os|sailfish|series40|symbian|tizen|webos)\w*[-/; ]?[\d.]*/i;
/**
 * Phones and tablets as ua-parser-js tells them: its first rules (Samsung, then Apple, where a Mac
 * is no phone), then its generic ones, unless a game console's rule comes first. The vendor rules
 * between them are far too many to ship; a User-Agent they would decide otherwise is not a real one.
 */
const SAMSUNG_OR_APPLE_DEVICE =
  /\b(?:sch-i[89]0\d|shw-m380s|sm-[ptx]\w{2,4}|gt-[pn]\d{2,4}|sgh-t8[56]9|nexus 10)|\b(?:(?:s[cgp]h|gt|sm)-(?![lr])\w+|sc[g-]?\d+a?|galaxy nexus)|samsung[- ](?!sm-[lr])[-\w]+|sec-sgh\w+|[/(]ip(?:hone|od)[\w, ]*[/;]|\(ipad;[-\w),; ]+apple|applecoremedia\/[\w.]+ \(ipad|\bipad\d\d?,\d\d?[;\]].+ios/i;
const GENERIC_PHONE_OR_TABLET =
  /droid .+?; [^;]+?(?: bui|; wv\)|\) applew).+? (?:mobile )?safari|\b(?:tablet|tab)[;/]|focus\/\d(?!.+mobile)|phone|mobile(?:[;/]| [ \w/.]*safari)|pda(?=.+windows ce)/i;
const NOT_PHONE_OR_TABLET = /macintosh;|ouya|nintendo [wids3utch]+|playstation [345portablevi]+|\bxbox(?: one)?(?!; xbox)[); ]/i;
const isPhoneOrTablet = (ua: string) =>
  SAMSUNG_OR_APPLE_DEVICE.test(ua) || (!NOT_PHONE_OR_TABLET.test(ua) && GENERIC_PHONE_OR_TABLET.test(ua));
const NOT_BLINK = /windows.+ edge\/[\w.]|arkweb\/[\w.]/i;
const BLINK = /webkit\/537\.36.+chrome\/(?!27)([\w.]+)/i;
const ENGINE = /(webkit|trident|netfront|netsurf|amaya|lynx|w3m|goanna|servo)\/[\w.]/i;

/** ua-parser-js cuts a longer User-Agent to 500 characters before it matches anything. */
const PARSED_CHARS = 500;

/** What ua-parser-js 1.0.41 would tell the rules, without ua-parser-js. */
export function parseUserAgent(userAgent: string): UserAgentFacts {
  const ua = userAgent.slice(0, PARSED_CHARS);
  let browser: KnownBrowser | undefined;
  let version: string | undefined;
  for (const [pattern, names, versionGroup] of RULES) {
    const match = pattern.exec(ua);
    if (!match) continue;
    browser = typeof names === 'number' ? CAPTURED_NAMES.get((match[names] ?? '').toLowerCase()) : (names ?? undefined);
    version = versionGroup === OLD_SAFARI ? oldSafariVersion(match[2]!) : match[versionGroup] || undefined;
    break;
  }
  // The engine, in ua-parser-js's order: EdgeHTML or ArkWeb, else Blink, else Presto, else the first named.
  const notBlink = NOT_BLINK.test(ua);
  const blink = notBlink ? null : BLINK.exec(ua);
  // An engine named "Trident" (as written: the edge compares it so) makes a browser the table does not name IE.
  if (!browser && !notBlink && !blink && !/presto\/[\w.]/i.test(ua) && ENGINE.exec(ua)?.[1] === 'Trident') browser = 'ie';

  let ios = false;
  let iosVersion: string | undefined;
  let android = false;
  if (!WINDOWS.test(ua)) {
    const iosMatch = IOS.map((pattern) => pattern.exec(ua)).find(Boolean);
    if (iosMatch) {
      ios = true;
      iosVersion = iosMatch[1]?.replace(/_/g, '.');
    } else if (!NOT_ANDROID.test(ua)) {
      android = ANDROID_FAMILY.exec(ua)?.[1] === 'Android';
    }
  }
  return {
    browser,
    version,
    ios,
    iosVersion,
    mobile: android || isPhoneOrTablet(ua),
    blinkMajor: blink ? toMajor(blink[1]) : undefined,
  };
}

/** The parts of `navigator` the check reads; `userAgentData` is Chromium's (89 and later). */
export interface NavigatorLike {
  userAgent?: unknown;
  userAgentData?: { brands?: unknown; mobile?: unknown; platform?: unknown } | null;
}

/** `navigator.userAgentData.brands` as the edge reads Sec-CH-UA: brand -> major version. */
function brandsOf(data: NavigatorLike['userAgentData']): Map<string, number> | undefined {
  const list = data?.brands;
  if (!Array.isArray(list)) return undefined;
  const brands = new Map<string, number>();
  for (const item of list as unknown[]) {
    const { brand, version } = (item ?? {}) as { brand?: unknown; version?: unknown };
    const major = typeof version === 'string' ? toMajor(version) : undefined;
    if (typeof brand === 'string' && major !== undefined) brands.set(brand, major);
  }
  return brands.size > 0 ? brands : undefined;
}

/**
 * The verdict for this browser, from what `navigator` says: the client hints' brands where
 * present, else the User-Agent. Without `isBot` (./bots.ts, a chunk of its own in the
 * browser) a bot is judged as the browser it claims to be; ask again with it before turning one away.
 */
export function clientBrowserVerdict(nav: NavigatorLike, isBot?: (ua: string) => boolean): BrowserVerdict {
  try {
    const data = nav.userAgentData;
    const platform = data?.platform;
    return decideBrowserSupport(
      {
        userAgent: clipBrowserInput(nav.userAgent),
        brands: brandsOf(data),
        mobileHint: data?.mobile === true || (typeof platform === 'string' && /^android$/i.test(platform)),
      },
      parseUserAgent,
      isBot,
    );
  } catch {
    return { supported: true, reason: 'error' }; // never turn a visitor away because of our own bug
  }
}
