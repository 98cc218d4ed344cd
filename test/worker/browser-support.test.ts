import { describe, expect, test } from 'vitest';
import { browserVerdict, browserVerdictFromHeaders } from '../../worker/browser-support';

/** [who, real User-Agent string, supported?] */
type Row = [string, string, boolean];

const UA_TABLE: Row[] = [
  // --- Chrome 63/64 boundary, desktop and Android ---
  [
    'Chrome 63 on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/63.0.3239.132 Safari/537.36',
    false,
  ],
  [
    'Chrome 64 on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/64.0.3282.140 Safari/537.36',
    true,
  ],
  [
    'Chrome 63 on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_2) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/63.0.3239.84 Safari/537.36',
    false,
  ],
  [
    'Chrome 64 on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_3) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/64.0.3282.167 Safari/537.36',
    true,
  ],
  [
    'Chrome 63 on Linux',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/63.0.3239.132 Safari/537.36',
    false,
  ],
  ['Chrome 64 on Linux', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/64.0.3282.186 Safari/537.36', true],
  [
    'Chrome Mobile 63 on a Galaxy S8',
    'Mozilla/5.0 (Linux; Android 8.0.0; SM-G950F Build/R16NW) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/63.0.3239.111 Mobile Safari/537.36',
    false,
  ],
  [
    'Chrome Mobile 64 on a Pixel 2',
    'Mozilla/5.0 (Linux; Android 8.1.0; Pixel 2 Build/OPM1.171019.021) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/64.0.3282.137 Mobile Safari/537.36',
    true,
  ],
  [
    'Chrome Mobile 34 on a Galaxy S4',
    'Mozilla/5.0 (Linux; Android 4.4.2; GT-I9505 Build/KOT49H) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/34.0.1847.114 Mobile Safari/537.36',
    false,
  ],
  [
    'Chrome Mobile 18 on a Galaxy Nexus',
    'Mozilla/5.0 (Linux; Android 4.0.4; Galaxy Nexus Build/IMM76B) AppleWebKit/535.19 (KHTML, like Gecko) Chrome/18.0.1025.133 Mobile Safari/535.19',
    false,
  ],
  [
    'Chrome Mobile 80 on a Galaxy S20',
    'Mozilla/5.0 (Linux; Android 10; SM-G981B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/80.0.3987.162 Mobile Safari/537.36',
    true,
  ],

  // --- Firefox 77/78 boundary (Firefox for Android jumped from Fennec 68 to Fenix 79) ---
  ['Firefox 77 on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:77.0) Gecko/20100101 Firefox/77.0', false],
  ['Firefox 78 on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:78.0) Gecko/20100101 Firefox/78.0', true],
  ['Firefox 77 on macOS', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:77.0) Gecko/20100101 Firefox/77.0', false],
  ['Firefox 78 ESR on Ubuntu', 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:78.0) Gecko/20100101 Firefox/78.0', true],
  ['Firefox for Android 68 (Fennec)', 'Mozilla/5.0 (Android 10; Mobile; rv:68.0) Gecko/68.0 Firefox/68.0', false],
  ['Firefox for Android 79 (Fenix)', 'Mozilla/5.0 (Android 10; Mobile; rv:79.0) Gecko/79.0 Firefox/79.0', true],

  // --- Edge: legacy EdgeHTML, then the Chromium 89/90 boundary ---
  [
    'legacy Edge 18 (EdgeHTML)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.18363',
    false,
  ],
  [
    'legacy Edge 15 (EdgeHTML)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Safari/537.36 Edge/15.15063',
    false,
  ],
  [
    'Edge 15 on a Lumia 950 (Windows 10 Mobile)',
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063',
    false,
  ],
  [
    'Edge 89 (Chromium) on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/89.0.4389.90 Safari/537.36 Edg/89.0.774.57',
    false,
  ],
  [
    'Edge 90 (Chromium) on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.4430.85 Safari/537.36 Edg/90.0.818.46',
    true,
  ],
  [
    'Edge for Android 46 (own numbering, before it followed Chromium)',
    'Mozilla/5.0 (Linux; Android 10; HD1913) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/89.0.4389.105 Mobile Safari/537.36 EdgA/46.2.2.5612',
    false,
  ],
  [
    'Edge for Android 120',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 EdgA/120.0.0.0',
    true,
  ],

  // --- Safari 11.1/12, desktop and iOS ---
  [
    'Safari 11.1 on macOS High Sierra',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/11.1 Safari/605.1.15',
    false,
  ],
  [
    'Safari 12 on macOS Mojave',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_14) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Safari/605.1.15',
    true,
  ],
  [
    'Safari on iOS 11.4.1 (iPhone)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 11_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/11.0 Mobile/15E148 Safari/604.1',
    false,
  ],
  [
    'Safari on iOS 11.3 (iPad)',
    'Mozilla/5.0 (iPad; CPU OS 11_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/11.0 Mobile/15E148 Safari/604.1',
    false,
  ],
  [
    'Safari on iOS 12.1 (iPhone)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 12_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Mobile/15E148 Safari/604.1',
    true,
  ],

  // --- Chrome/Firefox/Edge on iOS are WebKit: judged by the iOS version ---
  [
    'Chrome (CriOS 68) on iOS 11.4',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 11_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/68.0.3440.83 Mobile/15F79 Safari/604.1',
    false,
  ],
  [
    'Chrome (CriOS 72) on iOS 12.1.4',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 12_1_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/72.0.3626.101 Mobile/15E148 Safari/605.1',
    true,
  ],
  [
    'Chrome (CriOS 120) on iOS 17.2',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
    true,
  ],
  [
    'Firefox (FxiOS 10) on iOS 11.2.6',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 11_2_6 like Mac OS X) AppleWebKit/604.5.6 (KHTML, like Gecko) FxiOS/10.6b8836 Mobile/15D100 Safari/604.5.6',
    false,
  ],
  // Its WebKit (iOS 12) passes, but its own version is below Firefox's row of 78.
  [
    'Firefox (FxiOS 14) on iOS 12.1',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 12_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/14.0b12646 Mobile/16B92 Safari/605.1.15',
    false,
  ],
  [
    'Firefox (FxiOS 121) on iOS 17.2',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/121.0 Mobile/15E148 Safari/605.1.15',
    true,
  ],
  [
    'Edge (EdgiOS 41) on iOS 11.0',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 11_0 like Mac OS X) AppleWebKit/604.1.38 (KHTML, like Gecko) Version/11.0 EdgiOS/41.1.35.1 Mobile/15A372 Safari/604.1',
    false,
  ],
  [
    'Edge (EdgiOS 120) on iOS 17.2',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 EdgiOS/120.0.2210.126 Mobile/15E148 Safari/605.1.15',
    true,
  ],

  // --- Opera: desktop by its own version, mobile by its Chromium engine ---
  [
    'Opera 89 on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/103.0.5060.134 Safari/537.36 OPR/89.0.4447.83',
    false,
  ],
  [
    'Opera 89 on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/103.0.5060.134 Safari/537.36 OPR/89.0.4447.71',
    false,
  ],
  [
    'Opera 90 on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/104.0.5112.102 Safari/537.36 OPR/90.0.4480.84',
    true,
  ],
  [
    'Opera GX 105 on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36 OPR/105.0.0.0 (Edition Yx GX)',
    true,
  ],
  ['Opera 12 (Presto) on Windows 7', 'Opera/9.80 (Windows NT 6.1; WOW64) Presto/2.12.388 Version/12.18', false],
  [
    'Opera for Android 79 on Chromium 120',
    'Mozilla/5.0 (Linux; Android 10; VOG-L29) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.230 Mobile Safari/537.36 OPR/79.4.4195.76732',
    true,
  ],
  [
    'Opera for Android 81 on Chromium 123',
    'Mozilla/5.0 (Linux; Android 12; M2101K6G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.6312.80 Mobile Safari/537.36 OPR/81.2.4292.78488',
    true,
  ],
  [
    'Opera for Android 85 on Chromium 130',
    'Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 OPR/85.0.0.0',
    true,
  ],
  [
    'Opera for Android 52 on Chromium 74',
    'Mozilla/5.0 (Linux; Android 9; SM-G960F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/74.0.3729.157 Mobile Safari/537.36 OPR/52.1.2517.140547',
    true,
  ],
  [
    'Opera for Android 45 on Chromium 63',
    'Mozilla/5.0 (Linux; Android 8.0.0; SM-G930F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/63.0.3239.111 Mobile Safari/537.36 OPR/45.0.2254.143744',
    false,
  ],
  [
    'Opera GX for Android (OPX/2.1) on Chromium 120',
    'Mozilla/5.0 (Linux; Android 11; moto g(30)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 OPX/2.1',
    true,
  ],
  [
    'Opera Mini 7.5 on Android (not in the table)',
    'Opera/9.80 (Android; Opera Mini/7.5.33361/31.1350; U; en) Presto/2.8.119 Version/11.1010',
    true,
  ],

  // --- Internet Explorer: every version, including IE mode ---
  ['IE 6 on Windows XP', 'Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1; SV1)', false],
  ['IE 7 on Windows Vista', 'Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 6.0)', false],
  ['IE 8 on Windows 7', 'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0; SLCC2; .NET CLR 2.0.50727)', false],
  ['IE 9 on Windows 7', 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)', false],
  ['IE 10 on Windows 8', 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)', false],
  ['IE 11 on Windows 10', 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko', false],
  ['IE 11 on Windows 7', 'Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko', false],
  [
    'IE 11 in compatibility view (MSIE 7.0 on Trident/7.0)',
    'Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 10.0; WOW64; Trident/7.0; .NET4.0C; .NET4.0E)',
    false,
  ],
  [
    'IE Mobile 11 on a Lumia 635',
    'Mozilla/5.0 (Windows Phone 8.1; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 635) like Gecko',
    false,
  ],

  // --- Headless Chrome counts as Chrome ---
  [
    'HeadlessChrome 59',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/59.0.3071.115 Safari/537.36',
    false,
  ],
  [
    'HeadlessChrome 120',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.6099.28 Safari/537.36',
    true,
  ],

  // --- Bots and crawlers, even when they imitate an old browser ---
  ['Googlebot (desktop)', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
  [
    'Googlebot smartphone on Chrome 41',
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/41.0.2272.96 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    true,
  ],
  [
    'Googlebot desktop on Chrome 41',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/41.0.2272.96 Safari/537.36',
    true,
  ],
  ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', true],
  [
    'Bingbot mobile on iOS 7 Safari',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 7_0 like Mac OS X) AppleWebKit/537.51.1 (KHTML, like Gecko) Version/7.0 Mobile/11A465 Safari/9537.53 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    true,
  ],
  ['YandexBot', 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)', true],
  ['Baiduspider imitating IE 9', 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0; Baiduspider)', true],
  ['AhrefsBot', 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', true],
  ['Facebook link preview crawler', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', true],
  ['curl', 'curl/8.4.0', true],

  // --- Browsers not in the table ---
  [
    'Samsung Internet 10 on Chromium 71',
    'Mozilla/5.0 (Linux; Android 9; SAMSUNG SM-G960F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/10.1 Chrome/71.0.3578.99 Mobile Safari/537.36',
    true,
  ],
  [
    'Samsung Internet 5 on Chromium 51',
    'Mozilla/5.0 (Linux; Android 7.0; SAMSUNG SM-G930F Build/NRD90M) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/5.4 Chrome/51.0.2704.106 Mobile Safari/537.36',
    true,
  ],
  [
    'Yandex Browser 24',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 YaBrowser/24.1.0.0 Safari/537.36',
    true,
  ],
  [
    'Yandex Browser 16 on Chromium 50',
    'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/50.0.2661.102 YaBrowser/16.6.1.30117 Yowser/2.5 Safari/537.36',
    true,
  ],
  [
    'UC Browser 12 on Android',
    'Mozilla/5.0 (Linux; U; Android 8.1.0; en-US; Nexus 6P Build/OPM7.181205.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/57.0.2987.108 UCBrowser/12.11.1.1197 Mobile Safari/537.36',
    true,
  ],
  [
    'Vivaldi 1.94 on Chromium 58',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/58.0.3029.110 Safari/537.36 Vivaldi/1.94.1008.40',
    true,
  ],
  [
    'Android 4.0 stock browser',
    'Mozilla/5.0 (Linux; U; Android 4.0.3; ko-kr; LG-L160L Build/IML74K) AppleWebkit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
    true,
  ],
  [
    'Facebook in-app browser on iOS 11.4',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 11_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/200.0.0.41.116;]',
    true,
  ],

  // --- Current browsers ---
  [
    'Chrome 120 on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    true,
  ],
  [
    'Chrome 120 on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    true,
  ],
  [
    'Chrome Mobile 120 on Android',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    true,
  ],
  ['Firefox 121 on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0', true],
  ['Firefox 121 on Android', 'Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0', true],
  [
    'Safari 17.2 on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
    true,
  ],
  [
    'Safari on iOS 17.2.1',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
    true,
  ],
  [
    'Edge 120 on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
    true,
  ],
  [
    'Opera 106 on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
    true,
  ],

  // --- Empty and garbage ---
  ['an empty User-Agent', '', true],
  ['a whitespace-only User-Agent', '   ', true],
  ['control characters', '\u0000\u0001', true],
  ['"xyz"', 'xyz', true],
  ['a 10 000-character string', 'a'.repeat(10_000), true],
  ['old Chrome padded past the length cap', 'Mozilla/5.0 (' + ' '.repeat(600) + ') Chrome/40.0.0.0 Safari/537.36', true],
];

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

/** Real Android WebView user agents: the system WebView and in-app browsers built on it. */
const WEBVIEW_CHROME_43 =
  'Mozilla/5.0 (Linux; Android 5.1.1; Nexus 5 Build/LMY48B; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/43.0.2357.65 Mobile Safari/537.36';
const WEBVIEW_CHROME_63 =
  'Mozilla/5.0 (Linux; Android 7.0; SM-G955F Build/NRD90M; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/63.0.3239.111 Mobile Safari/537.36';
const WEBVIEW_CHROME_100 =
  'Mozilla/5.0 (Linux; Android 8.1.0; LML211BL Build/OPM1.171019.019; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/100.0.4896.79 Mobile Safari/537.36';
const FACEBOOK_WEBVIEW_CHROME_43 =
  'Mozilla/5.0 (Linux; Android 5.0; SM-G900P Build/LRX21T; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/43.0.2357.121 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/35.0.0.48.273;]';
const FACEBOOK_WEBVIEW_CHROME_100 =
  'Mozilla/5.0 (Linux; Android 8.1.0; DRA-L01 Build/HUAWEIDRA-L01; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/100.0.4896.127 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/364.0.0.24.132;]';
const LINE_WEBVIEW_CHROME_51 =
  'Mozilla/5.0 (Linux; Android 5.0; ASUS_Z00AD Build/LRX21V; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/51.0.2704.81 Mobile Safari/537.36 Line/6.5.1/IAB';
const MIUI_BROWSER_CHROME_100 =
  'Mozilla/5.0 (Linux; U; Android 13; zh-cn; Mi 10 Pro Build/TKQ1.221114.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/100.0.4896.127 Mobile Safari/537.36 XiaoMi/MiuiBrowser/17.5.220418 swan-mibrowser';

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

/** Real iOS user agents. */
const EDGE_IOS_44_ON_IOS_12 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 12_3_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.1 EdgiOS/44.5.0.10 Mobile/15E148 Safari/604.1';
const EDGE_IOS_46_ON_IOS_14 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0 EdgiOS/46.3.13 Mobile/15E148 Safari/605.1.15';
const EDGE_IOS_100_ON_IOS_16 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 EdgiOS/100.1185.50 Mobile/15E148 Safari/605.1.15';
const CHROME_IOS_56_ON_IOS_10 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 10_3 like Mac OS X) AppleWebKit/602.1.50 (KHTML, like Gecko) CriOS/56.0.2924.75 Mobile/14E5239e Safari/602.1';
const CHROME_IOS_120_ON_IOS_17 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1';
const OPERA_IOS_5_ON_IOS_17 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1 OPT/5.0.2';
const SAFARI_ON_IOS_26 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1';

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
    const ua =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/40.0 Mobile/15E148 Safari/605.1.15';
    expect(browserVerdict({ userAgent: ua })).toMatchObject({ supported: false, browser: 'firefox', major: 40 });
  });

  test('Firefox (FxiOS 100) on iOS 15 is supported Firefox 100', () => {
    const ua =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 15_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/100.0 Mobile/15E148 Safari/605.1.15';
    expect(browserVerdict({ userAgent: ua })).toMatchObject({ supported: true, browser: 'firefox', major: 100 });
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
