/**
 * The client's browser check (app/browser-support/matcher.ts) over the edge's own cases
 * (test/support/user-agents.ts): the same verdict as the edge (worker/browser-support/verdict-from-headers.ts) for
 * every User-Agent, and for navigator.userAgentData where the edge reads Sec-CH-UA.
 */
import { describe, expect, test } from 'vitest';
import { clientBrowserVerdict, parseUserAgent } from '../../../app/browser-support/matcher';
import { isBotUserAgent } from '../../../app/browser-support/bots';
import { browserVerdict } from '../../../worker/browser-support/verdict-from-headers';
import { NAMED_UA_CASES, UA_TABLE } from '../../support/user-agents';

const ALL_CASES = [...UA_TABLE, ...NAMED_UA_CASES];

/** What the navigation runtime ends with: the verdict, asked again with the bot list when it turns a browser away. */
const clientVerdict = (nav: Parameters<typeof clientBrowserVerdict>[0]) => clientBrowserVerdict(nav, isBotUserAgent);

const CHROME_63 = UA_TABLE.find(([who]) => who === 'Chrome 63 on Windows')![1];
const CHROME_120 = UA_TABLE.find(([who]) => who === 'Chrome 120 on Windows')![1];
const ANDROID_CHROME_120 = UA_TABLE.find(([who]) => who === 'Chrome Mobile 120 on Android')![1];
const GOOGLEBOT_CHROME_41 = UA_TABLE.find(([who]) => who === 'Googlebot smartphone on Chrome 41')![1];

describe('the client’s verdict on the edge’s User-Agents', () => {
  for (const [who, ua, supported] of ALL_CASES) {
    test(`${who} is ${supported ? 'supported' : 'unsupported'}`, () => {
      const verdict = clientVerdict({ userAgent: ua });
      expect(verdict.supported, verdict.reason).toBe(supported);
    });
  }

  test('the client and the edge give the same verdict, browser, version and reason for every case', () => {
    for (const [, ua] of ALL_CASES) expect(clientVerdict({ userAgent: ua })).toEqual({ ...browserVerdict({ userAgent: ua }) });
  });

  test('a verdict names the browser, its major version and the rule', () => {
    expect(clientVerdict({ userAgent: CHROME_63 })).toEqual({ supported: false, browser: 'chrome', major: 63, reason: 'chrome 63 < 64' });
  });

  test('without the bot list, a bot is judged as the browser it imitates, so the runtime asks again before turning it away', () => {
    expect(clientBrowserVerdict({ userAgent: GOOGLEBOT_CHROME_41 })).toMatchObject({ supported: false, browser: 'chrome', major: 41 });
    expect(clientVerdict({ userAgent: GOOGLEBOT_CHROME_41 })).toEqual({ supported: true, reason: 'bot' });
  });

  test('a browser that passes passes without the bot list', () => {
    for (const [, ua, supported] of ALL_CASES) if (clientBrowserVerdict({ userAgent: ua }).supported) expect(supported).toBe(true);
  });

  test('a missing or empty User-Agent is supported', () => {
    expect(clientVerdict({})).toEqual({ supported: true, reason: 'no user agent' });
    expect(clientVerdict({ userAgent: '   ' })).toEqual({ supported: true, reason: 'no user agent' });
  });
});

describe('the client’s User-Agent parser', () => {
  test('reads the browser, its version and the iOS version as ua-parser-js does', () => {
    const criOs = NAMED_UA_CASES.find(([who]) => who.startsWith('Chrome (CriOS 120)'))![1];
    expect(parseUserAgent(criOs)).toMatchObject({ browser: 'chrome', version: '120.0.6099.119', ios: true, iosVersion: '17.2' });
  });

  test('reads the Blink version of mobile Opera, and Android as mobile', () => {
    const opera = UA_TABLE.find(([who]) => who === 'Opera for Android 45 on Chromium 63')![1];
    expect(parseUserAgent(opera)).toMatchObject({ browser: 'opera', version: '45.0.2254.143744', mobile: true, blinkMajor: 63 });
  });

  test('names no table browser for one the table does not list, even on a Chromium it names', () => {
    const samsung = UA_TABLE.find(([who]) => who === 'Samsung Internet 5 on Chromium 51')![1];
    expect(parseUserAgent(samsung).browser).toBeUndefined();
  });

  test('reads Safari 1 and 2 from their build number, as ua-parser-js maps them', () => {
    expect(parseUserAgent('Mozilla/5.0 (Macintosh; U; PPC Mac OS X; en) AppleWebKit/125.2 (KHTML, like Gecko) Safari/125.8')).toMatchObject(
      {
        browser: 'safari',
        version: '1',
      },
    );
    expect(parseUserAgent('Mozilla/5.0 (Macintosh; U; PPC Mac OS X; en) AppleWebKit/418.8 (KHTML, like Gecko) Safari/419.3')).toMatchObject(
      {
        browser: 'safari',
        version: '2',
      },
    );
  });

  test('reads only the first 500 characters, as ua-parser-js does', () => {
    expect(parseUserAgent(' '.repeat(500) + CHROME_63).browser).toBeUndefined();
  });
});

/** navigator.userAgentData as Chromium gives it, and the same as the edge's Sec-CH-UA headers. */
interface HintCase {
  who: string;
  userAgent?: string;
  brands: { brand: string; version: string }[];
  mobile?: boolean;
  platform?: string;
  supported: boolean;
}

const HINT_CASES: HintCase[] = [
  {
    who: 'Chrome 120 brands',
    userAgent: CHROME_120,
    brands: [
      { brand: 'Not_A Brand', version: '8' },
      { brand: 'Chromium', version: '120' },
      { brand: 'Google Chrome', version: '120' },
    ],
    platform: 'Windows',
    supported: true,
  },
  {
    who: 'Edge 120 brands under a UA claiming Chrome 63',
    userAgent: CHROME_63,
    brands: [
      { brand: 'Chromium', version: '120' },
      { brand: 'Microsoft Edge', version: '120' },
    ],
    supported: true,
  },
  {
    who: 'Edge 89 brands',
    userAgent: CHROME_120,
    brands: [
      { brand: 'Chromium', version: '89' },
      { brand: 'Microsoft Edge', version: '89' },
    ],
    supported: false,
  },
  {
    who: 'desktop Opera 89 brands',
    userAgent: CHROME_120,
    brands: [
      { brand: 'Opera', version: '89' },
      { brand: 'Chromium', version: '103' },
    ],
    mobile: false,
    platform: 'Windows',
    supported: false,
  },
  {
    who: 'Opera 80 brands on a phone, judged by Chromium 120',
    userAgent: `${ANDROID_CHROME_120} OPR/80.0.0.0`,
    brands: [
      { brand: 'Opera', version: '80' },
      { brand: 'Chromium', version: '120' },
    ],
    mobile: true,
    supported: true,
  },
  {
    who: 'Opera 80 brands on the Android platform, judged by Chromium 120',
    brands: [
      { brand: 'Opera', version: '80' },
      { brand: 'Chromium', version: '120' },
    ],
    platform: 'Android',
    supported: true,
  },
  {
    who: 'the OperaMobile brand with Chromium 63',
    brands: [
      { brand: 'OperaMobile', version: '80' },
      { brand: 'Chromium', version: '63' },
    ],
    supported: false,
  },
  {
    who: 'the OperaMobile brand alone, with no User-Agent (hints mean Chromium 89 at least)',
    brands: [{ brand: 'OperaMobile', version: '80' }],
    supported: true,
  },
  {
    who: 'GREASE brands only, under a UA claiming Chrome 63',
    userAgent: CHROME_63,
    brands: [
      { brand: 'Not-A.Brand', version: '99' },
      { brand: 'Not)A;Brand', version: '8' },
    ],
    supported: false,
  },
  {
    who: 'brands without a version, under a UA claiming Chrome 63',
    userAgent: CHROME_63,
    brands: [{ brand: 'Google Chrome', version: '' }],
    supported: false,
  },
  { who: 'Opera 50 brands under Googlebot', userAgent: GOOGLEBOT_CHROME_41, brands: [{ brand: 'Opera', version: '50' }], supported: true },
  ...['constructor', '__proto__', 'toString', 'hasOwnProperty'].map((brand): HintCase => ({
    who: `a ${brand} brand under a UA claiming Chrome 63`,
    userAgent: CHROME_63,
    brands: [{ brand, version: '120' }],
    supported: false,
  })),
];

/** The edge's view of the same browser: Sec-CH-UA, Sec-CH-UA-Mobile and Sec-CH-UA-Platform. */
function edgeVerdict({ userAgent, brands, mobile, platform }: HintCase) {
  return browserVerdict({
    userAgent,
    secChUa: brands.map(({ brand, version }) => `"${brand.replace(/["\\]/g, '\\$&')}";v="${version}"`).join(', '),
    secChUaMobile: mobile === undefined ? undefined : mobile ? '?1' : '?0',
    secChUaPlatform: platform === undefined ? undefined : `"${platform}"`,
  });
}

describe('navigator.userAgentData', () => {
  test.each(HINT_CASES.map((c) => [c.who, c] as const))('%s: the client decides as the hints say', (_who, c) => {
    const verdict = clientVerdict({ userAgent: c.userAgent, userAgentData: { brands: c.brands, mobile: c.mobile, platform: c.platform } });
    expect(verdict.supported, verdict.reason).toBe(c.supported);
  });

  test.each(HINT_CASES.map((c) => [c.who, c] as const))('%s: the client and the edge reading Sec-CH-UA agree', (_who, c) => {
    const client = clientVerdict({ userAgent: c.userAgent, userAgentData: { brands: c.brands, mobile: c.mobile, platform: c.platform } });
    expect(client).toEqual({ ...edgeVerdict(c) });
  });

  test('Edge brands name the browser and version they report', () => {
    const verdict = clientVerdict({ userAgent: CHROME_120, userAgentData: { brands: HINT_CASES[2]!.brands } });
    expect(verdict).toEqual({ supported: false, browser: 'edge', major: 89, reason: 'edge 89 < 90 (client hints)' });
  });

  test.each<[string, unknown]>([
    ['null', null],
    ['brands that are not a list', { brands: 'Google Chrome' }],
    ['brands that are not objects', { brands: [null, 42, 'Opera'] }],
    ['brands with numbers for names and versions', { brands: [{ brand: 1, version: 120 }] }],
  ])('userAgentData with %s leaves the decision to the User-Agent', (_what, userAgentData) => {
    expect(clientVerdict({ userAgent: CHROME_63, userAgentData: userAgentData as never })).toMatchObject({
      supported: false,
      browser: 'chrome',
    });
  });

  test('a navigator whose properties throw gets "supported"', () => {
    const nav = Object.defineProperty({}, 'userAgent', {
      get() {
        throw new Error('denied');
      },
    });
    expect(clientVerdict(nav)).toEqual({ supported: true, reason: 'error' });
  });
});
