import { describe, expect, test } from 'vitest';
import { BROWSER_VERDICT_MEMO_MAX_BYTES, BROWSER_VERDICT_MEMO_MAX_ENTRIES } from '../../../app/constants';
import { browserVerdict, browserVerdictFromHeaders, browserVerdictMemoUsage } from '../../../worker/browser-support/verdict-from-headers';
import {
  NAMED_UA_CASES,
  UA_TABLE,
  WEBVIEW_CHROME_43,
  WEBVIEW_CHROME_63,
  WEBVIEW_CHROME_100,
  FACEBOOK_WEBVIEW_CHROME_43,
  FACEBOOK_WEBVIEW_CHROME_100,
  LINE_WEBVIEW_CHROME_51,
  MIUI_BROWSER_CHROME_100,
  EDGE_IOS_44_ON_IOS_12,
  EDGE_IOS_46_ON_IOS_14,
  EDGE_IOS_100_ON_IOS_16,
  CHROME_IOS_56_ON_IOS_10,
  CHROME_IOS_120_ON_IOS_17,
  OPERA_IOS_5_ON_IOS_17,
  SAFARI_ON_IOS_26,
  FIREFOX_IOS_40_ON_IOS_15,
  FIREFOX_IOS_100_ON_IOS_15,
} from '../../support/user-agents';

describe('User-Agent support table', () => {
  test('has at least 60 rows', () => {
    expect(UA_TABLE.length).toBeGreaterThanOrEqual(60);
  });

  for (const [who, ua, supported] of UA_TABLE) {
    test(`${who} is ${supported ? 'supported' : 'unsupported'}`, () => {
      const verdict = browserVerdict({ userAgent: ua });
      expect(verdict.supported, verdict.reason).toBe(supported);
    });
  }

  for (const [who, ua, supported] of NAMED_UA_CASES) {
    test(`${who} is ${supported ? 'supported' : 'unsupported'}`, () => {
      expect(browserVerdict({ userAgent: ua }).supported).toBe(supported);
    });
  }

  test('a missing User-Agent is supported', () => {
    expect(browserVerdict({})).toMatchObject({ supported: true, reason: 'no user agent' });
    expect(browserVerdict({ userAgent: null })).toMatchObject({ supported: true, reason: 'no user agent' });
  });

  test('a verdict names the browser, its major version and the rule', () => {
    expect(browserVerdict({ userAgent: UA_TABLE[0]![1] })).toEqual({
      supported: false,
      browser: 'chrome',
      major: 63,
      reason: 'chrome 63 < 64',
    });
  });

  test('Chrome on iOS 11 is judged as Safari by its iOS version', () => {
    const ua = UA_TABLE.find(([who]) => who.startsWith('Chrome (CriOS 68)'))![1];
    expect(browserVerdict({ userAgent: ua })).toMatchObject({ supported: false, browser: 'safari', major: 11 });
  });

  test('bots are reported as bots', () => {
    expect(browserVerdict({ userAgent: UA_TABLE.find(([who]) => who === 'Googlebot smartphone on Chrome 41')![1] }).reason).toBe('bot');
  });
});

const CHROME_63 = UA_TABLE[0]![1];
const CHROME_120 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const ANDROID_CHROME_120 =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

describe('client hints', () => {
  test('Chrome 120 brands are supported Chrome 120', () => {
    const verdict = browserVerdict({
      userAgent: CHROME_120,
      secChUa: '"Not_A Brand";v="8", "Chromium";v="120", "Google Chrome";v="120"',
      secChUaMobile: '?0',
      secChUaPlatform: '"Windows"',
    });
    expect(verdict).toMatchObject({ supported: true, browser: 'chrome', major: 120 });
  });

  test('Edge 120 brands win over a UA claiming Chrome 63', () => {
    const verdict = browserVerdict({
      userAgent: CHROME_63,
      secChUa: '"Not_A Brand";v="8", "Chromium";v="120", "Microsoft Edge";v="120"',
    });
    expect(verdict).toMatchObject({ supported: true, browser: 'edge', major: 120 });
  });

  test('Edge 89 brands are unsupported', () => {
    const verdict = browserVerdict({ userAgent: CHROME_120, secChUa: '"Chromium";v="89", "Microsoft Edge";v="89", ";Not A Brand";v="99"' });
    expect(verdict).toMatchObject({ supported: false, browser: 'edge', major: 89 });
  });

  test('desktop Opera 89 brands are unsupported', () => {
    const verdict = browserVerdict({
      userAgent: CHROME_120,
      secChUa: '".Not/A)Brand";v="99", "Opera";v="89", "Chromium";v="103"',
      secChUaMobile: '?0',
      secChUaPlatform: '"Windows"',
    });
    expect(verdict).toMatchObject({ supported: false, browser: 'opera', major: 89 });
  });

  test('Opera brands with Sec-CH-UA-Mobile ?1 are judged by their Chromium engine', () => {
    const verdict = browserVerdict({
      userAgent: ANDROID_CHROME_120 + ' OPR/80.0.0.0',
      secChUa: '"Opera";v="80", "Chromium";v="120", "Not)A;Brand";v="24"',
      secChUaMobile: '?1',
    });
    expect(verdict).toMatchObject({ supported: true, browser: 'opera', major: 80 });
    expect(verdict.reason).toContain('chromium 120');
  });

  test('the OperaMobile brand is judged by its engine even without Sec-CH-UA-Mobile', () => {
    const verdict = browserVerdict({ secChUa: '"OperaMobile";v="80", "Chromium";v="120", "Not?A_Brand";v="99"' });
    expect(verdict).toMatchObject({ supported: true, browser: 'opera' });
  });

  test('the OperaMobile brand without a Chromium brand or a User-Agent counts as Chromium 89, the first with hints', () => {
    expect(browserVerdict({ secChUa: '"OperaMobile";v="80"' })).toMatchObject({ supported: true, browser: 'opera', major: 80 });
  });

  test('a GREASE-only brand list leaves the decision to the UA', () => {
    const hints = { userAgent: CHROME_63, secChUa: '"Not-A.Brand";v="99", "Not)A;Brand";v="8"' };
    expect(browserVerdict(hints)).toMatchObject({ supported: false, browser: 'chrome', major: 63 });
  });

  test.each([
    '"Google Chrome;v="120"',
    'Google Chrome; v=120',
    '"Microsoft Edge";v="120" garbage',
    '"Microsoft Edge";v="abc"',
    '\u0000',
    '"' + 'x'.repeat(10_000),
  ])('a malformed Sec-CH-UA (%j) falls back to the UA', (secChUa) => {
    expect(browserVerdict({ userAgent: CHROME_63, secChUa })).toMatchObject({ supported: false, browser: 'chrome', major: 63 });
  });

  test('Sec-CH-UA-Full-Version-List is used when Sec-CH-UA is malformed', () => {
    const verdict = browserVerdict({
      userAgent: CHROME_63,
      secChUa: 'nonsense',
      secChUaFullVersionList: '"Chromium";v="120.0.6099.130", "Microsoft Edge";v="120.0.2210.91", "Not-A.Brand";v="99.0.0.0"',
    });
    expect(verdict).toMatchObject({ supported: true, browser: 'edge', major: 120 });
  });

  test('client hints do not overrule a bot User-Agent', () => {
    const googlebot = UA_TABLE.find(([who]) => who === 'Googlebot smartphone on Chrome 41')![1];
    expect(browserVerdict({ userAgent: googlebot, secChUa: '"Opera";v="50"' }).reason).toBe('bot');
  });
});

describe('the worker helpers', () => {
  test('browserVerdictFromHeaders reads the User-Agent and client-hint headers', () => {
    const headers = new Headers({
      'User-Agent': CHROME_63,
      'Sec-CH-UA': '"Chromium";v="120", "Microsoft Edge";v="120"',
      'Sec-CH-UA-Mobile': '?0',
    });
    expect(browserVerdictFromHeaders(headers)).toMatchObject({ supported: true, browser: 'edge' });
    expect(browserVerdictFromHeaders(new Headers())).toMatchObject({ supported: true, reason: 'no user agent' });
  });

  test('browsers asking in turn each get their own verdict, the same as when each asks alone', () => {
    const opera = { 'User-Agent': CHROME_120, 'Sec-CH-UA': '"Opera";v="80", "Chromium";v="120"' };
    const operaMobile = { ...opera, 'Sec-CH-UA-Mobile': '?1' };
    const verdicts = [opera, opera, operaMobile, opera, { 'User-Agent': CHROME_63 }, opera].map(
      (h) => browserVerdictFromHeaders(new Headers(h)).supported,
    );
    expect(verdicts).toEqual([false, false, true, false, false, false]);
  });

  test('without a brand list, the mobile and platform hints are not read', () => {
    const headers = new Headers({ 'User-Agent': CHROME_120, 'Sec-CH-UA-Mobile': '?1', 'Sec-CH-UA-Platform': '"Android"' });
    const read: string[] = [];
    const get = headers.get.bind(headers);
    headers.get = (name: string) => (read.push(name.toLowerCase()), get(name));
    expect(browserVerdictFromHeaders(headers)).toMatchObject({ supported: true, browser: 'chrome' });
    expect(read).not.toContain('sec-ch-ua-mobile');
    expect(read).not.toContain('sec-ch-ua-platform');
  });

  test('with a brand list, the mobile hint still decides how mobile Opera is judged', () => {
    const opera = { 'User-Agent': CHROME_120, 'Sec-CH-UA': '"Opera";v="80", "Chromium";v="120"' };
    expect(browserVerdictFromHeaders(new Headers(opera))).toMatchObject({ supported: false, browser: 'opera' });
    expect(browserVerdictFromHeaders(new Headers({ ...opera, 'Sec-CH-UA-Mobile': '?1' }))).toMatchObject({
      supported: true,
      browser: 'opera',
    });
    const fullList = { 'User-Agent': CHROME_120, 'Sec-CH-UA-Full-Version-List': opera['Sec-CH-UA'] };
    expect(browserVerdictFromHeaders(new Headers({ ...fullList, 'Sec-CH-UA-Platform': '"Android"' }))).toMatchObject({ supported: true });
  });

  test('the same headers get the same memoised verdict', () => {
    expect(browserVerdict({ userAgent: CHROME_63 })).toBe(browserVerdict({ userAgent: CHROME_63 }));
  });

  test('verdicts stay correct after the memo has evicted its oldest entries', () => {
    for (let i = 0; i < 1_500; i++) browserVerdict({ userAgent: `Mozilla/5.0 Chrome/${i}.0` });
    expect(browserVerdict({ userAgent: CHROME_63 }).supported).toBe(false);
    expect(browserVerdict({ userAgent: CHROME_120 }).supported).toBe(true);
  });

  test('hostile input never throws', () => {
    expect(() => browserVerdict(null as never)).not.toThrow();
    expect(() => browserVerdict({ userAgent: 42 as never, secChUa: {} as never })).not.toThrow();
  });
});

describe('Android WebView', () => {
  test('a WebView on Chrome 63 is unsupported Chrome 63', () => {
    expect(browserVerdict({ userAgent: WEBVIEW_CHROME_63 })).toMatchObject({ supported: false, browser: 'chrome', major: 63 });
  });

  test('a WebView on Chrome 43 is unsupported', () => {
    expect(browserVerdict({ userAgent: WEBVIEW_CHROME_43 }).supported).toBe(false);
  });

  test('a WebView on Chrome 100 is supported Chrome 100', () => {
    expect(browserVerdict({ userAgent: WEBVIEW_CHROME_100 })).toMatchObject({ supported: true, browser: 'chrome', major: 100 });
  });

  test('the Facebook in-app browser on a Chrome 43 WebView is unsupported', () => {
    expect(browserVerdict({ userAgent: FACEBOOK_WEBVIEW_CHROME_43 })).toMatchObject({ supported: false, browser: 'chrome', major: 43 });
  });

  test('the Facebook in-app browser on a Chrome 100 WebView is supported', () => {
    expect(browserVerdict({ userAgent: FACEBOOK_WEBVIEW_CHROME_100 })).toMatchObject({ supported: true, browser: 'chrome', major: 100 });
  });

  test('the LINE in-app browser on a Chrome 51 WebView is unsupported', () => {
    expect(browserVerdict({ userAgent: LINE_WEBVIEW_CHROME_51 }).supported).toBe(false);
  });

  test('a browser on its own Chromium without the "; wv)" mark is not judged as a WebView', () => {
    expect(browserVerdict({ userAgent: MIUI_BROWSER_CHROME_100 })).toMatchObject({ supported: true, reason: 'not in table' });
  });
});

describe('browsers on iOS', () => {
  test('Edge (EdgiOS 44) on iOS 12.3 is unsupported by its own version', () => {
    expect(browserVerdict({ userAgent: EDGE_IOS_44_ON_IOS_12 })).toMatchObject({ supported: false, browser: 'edge', major: 44 });
  });

  test('Edge (EdgiOS 46) on iOS 14.7 is unsupported by its own version', () => {
    expect(browserVerdict({ userAgent: EDGE_IOS_46_ON_IOS_14 })).toMatchObject({ supported: false, browser: 'edge', major: 46 });
  });

  test('Edge (EdgiOS 100) on iOS 16 is supported Edge 100', () => {
    expect(browserVerdict({ userAgent: EDGE_IOS_100_ON_IOS_16 })).toMatchObject({ supported: true, browser: 'edge', major: 100 });
  });

  test('Firefox (FxiOS 40) on iOS 15 is unsupported by its own version', () => {
    expect(browserVerdict({ userAgent: FIREFOX_IOS_40_ON_IOS_15 })).toMatchObject({ supported: false, browser: 'firefox', major: 40 });
  });

  test('Firefox (FxiOS 100) on iOS 15 is supported Firefox 100', () => {
    expect(browserVerdict({ userAgent: FIREFOX_IOS_100_ON_IOS_15 })).toMatchObject({ supported: true, browser: 'firefox', major: 100 });
  });

  test('Chrome (CriOS 120) on iOS 17 is supported Chrome 120', () => {
    expect(browserVerdict({ userAgent: CHROME_IOS_120_ON_IOS_17 })).toMatchObject({ supported: true, browser: 'chrome', major: 120 });
  });

  test('Chrome (CriOS 56) on iOS 10 is reported by its engine, as Safari 10', () => {
    expect(browserVerdict({ userAgent: CHROME_IOS_56_ON_IOS_10 })).toMatchObject({ supported: false, browser: 'safari', major: 10 });
  });

  test('Opera (OPT 5) on iOS 17 is judged by its engine alone and supported', () => {
    expect(browserVerdict({ userAgent: OPERA_IOS_5_ON_IOS_17 })).toMatchObject({ supported: true, browser: 'safari', major: 17 });
  });

  test('Safari on iOS is judged by its Version token, not the frozen iOS version', () => {
    expect(browserVerdict({ userAgent: SAFARI_ON_IOS_26 })).toMatchObject({ supported: true, browser: 'safari', major: 26 });
  });
});

describe('lookups keyed by outside input', () => {
  test.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('a %s brand names no browser', (brand) => {
    expect(browserVerdict({ secChUa: `"${brand}";v="1"` })).toEqual({ supported: true, reason: 'no user agent' });
  });
});

describe('the memo of browser verdicts', () => {
  test('stays within its bounds however many unique user agents arrive, long ones included', () => {
    for (let i = 0; i < BROWSER_VERDICT_MEMO_MAX_ENTRIES * 3; i++) {
      const ua = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.${i}.0 Safari/537.36`;
      browserVerdict({ userAgent: i % 2 ? ua : ua + ' Extension/1.0'.repeat(300) });
    }
    const { entries, bytes } = browserVerdictMemoUsage();
    expect(entries).toBeLessThanOrEqual(BROWSER_VERDICT_MEMO_MAX_ENTRIES);
    expect(bytes).toBeLessThanOrEqual(BROWSER_VERDICT_MEMO_MAX_BYTES);
  });

  test('a user agent with client hints too long to be real is judged but not remembered', () => {
    const before = browserVerdictMemoUsage().entries;
    const long = 'x'.repeat(400);
    const verdict = browserVerdict({
      userAgent: `Mozilla/5.0 ${long}`,
      secChUa: long,
      secChUaFullVersionList: long,
      secChUaPlatform: long,
    });
    expect(verdict.supported).toBe(true);
    expect(browserVerdictMemoUsage().entries).toBeLessThanOrEqual(before);
  });
});
