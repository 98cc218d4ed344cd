/**
 * The User-Agents both browser checks are held to: the edge's (worker/browser-support/verdict-from-headers.ts) and the
 * client's (app/browser-support/matcher.ts), with the verdict each must give
 * (docs/behaviour.md#3-browser-support). Real strings, boundary versions on both sides of each row.
 */

/** [who, real User-Agent string, supported?] */
export type UaCase = [string, string, boolean];

export const UA_TABLE: UaCase[] = [
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

/** Real Android WebView user agents: the system WebView and in-app browsers built on it. */
export const WEBVIEW_CHROME_43 =
  'Mozilla/5.0 (Linux; Android 5.1.1; Nexus 5 Build/LMY48B; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/43.0.2357.65 Mobile Safari/537.36';
export const WEBVIEW_CHROME_63 =
  'Mozilla/5.0 (Linux; Android 7.0; SM-G955F Build/NRD90M; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/63.0.3239.111 Mobile Safari/537.36';
export const WEBVIEW_CHROME_100 =
  'Mozilla/5.0 (Linux; Android 8.1.0; LML211BL Build/OPM1.171019.019; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/100.0.4896.79 Mobile Safari/537.36';
export const FACEBOOK_WEBVIEW_CHROME_43 =
  'Mozilla/5.0 (Linux; Android 5.0; SM-G900P Build/LRX21T; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/43.0.2357.121 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/35.0.0.48.273;]';
export const FACEBOOK_WEBVIEW_CHROME_100 =
  'Mozilla/5.0 (Linux; Android 8.1.0; DRA-L01 Build/HUAWEIDRA-L01; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/100.0.4896.127 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/364.0.0.24.132;]';
export const LINE_WEBVIEW_CHROME_51 =
  'Mozilla/5.0 (Linux; Android 5.0; ASUS_Z00AD Build/LRX21V; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/51.0.2704.81 Mobile Safari/537.36 Line/6.5.1/IAB';
export const MIUI_BROWSER_CHROME_100 =
  'Mozilla/5.0 (Linux; U; Android 13; zh-cn; Mi 10 Pro Build/TKQ1.221114.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/100.0.4896.127 Mobile Safari/537.36 XiaoMi/MiuiBrowser/17.5.220418 swan-mibrowser';

/** Real iOS user agents. */
export const EDGE_IOS_44_ON_IOS_12 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 12_3_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.1 EdgiOS/44.5.0.10 Mobile/15E148 Safari/604.1';
export const EDGE_IOS_46_ON_IOS_14 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0 EdgiOS/46.3.13 Mobile/15E148 Safari/605.1.15';
export const EDGE_IOS_100_ON_IOS_16 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 EdgiOS/100.1185.50 Mobile/15E148 Safari/605.1.15';
export const CHROME_IOS_56_ON_IOS_10 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 10_3 like Mac OS X) AppleWebKit/602.1.50 (KHTML, like Gecko) CriOS/56.0.2924.75 Mobile/14E5239e Safari/602.1';
export const CHROME_IOS_120_ON_IOS_17 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1';
export const OPERA_IOS_5_ON_IOS_17 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1 OPT/5.0.2';
export const SAFARI_ON_IOS_26 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1';
export const FIREFOX_IOS_40_ON_IOS_15 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/40.0 Mobile/15E148 Safari/605.1.15';
export const FIREFOX_IOS_100_ON_IOS_15 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 15_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/100.0 Mobile/15E148 Safari/605.1.15';

/** The named User-Agents above as cases, with the verdict each must give. */
export const NAMED_UA_CASES: UaCase[] = [
  ['a WebView on Chrome 43', WEBVIEW_CHROME_43, false],
  ['a WebView on Chrome 63', WEBVIEW_CHROME_63, false],
  ['a WebView on Chrome 100', WEBVIEW_CHROME_100, true],
  ['the Facebook in-app browser on a Chrome 43 WebView', FACEBOOK_WEBVIEW_CHROME_43, false],
  ['the Facebook in-app browser on a Chrome 100 WebView', FACEBOOK_WEBVIEW_CHROME_100, true],
  ['the LINE in-app browser on a Chrome 51 WebView', LINE_WEBVIEW_CHROME_51, false],
  ['the MIUI browser on Chromium 100 (no "; wv)")', MIUI_BROWSER_CHROME_100, true],
  ['Edge (EdgiOS 44) on iOS 12.3', EDGE_IOS_44_ON_IOS_12, false],
  ['Edge (EdgiOS 46) on iOS 14.7', EDGE_IOS_46_ON_IOS_14, false],
  ['Edge (EdgiOS 100) on iOS 16', EDGE_IOS_100_ON_IOS_16, true],
  ['Chrome (CriOS 56) on iOS 10', CHROME_IOS_56_ON_IOS_10, false],
  ['Chrome (CriOS 120) on iOS 17', CHROME_IOS_120_ON_IOS_17, true],
  ['Firefox (FxiOS 40) on iOS 15', FIREFOX_IOS_40_ON_IOS_15, false],
  ['Firefox (FxiOS 100) on iOS 15', FIREFOX_IOS_100_ON_IOS_15, true],
  ['Opera (OPT 5) on iOS 17', OPERA_IOS_5_ON_IOS_17, true],
  ['Safari on iOS 26 (iPhone OS 18_6, Version/26.0)', SAFARI_ON_IOS_26, true],
  // Safari 1 and 2 said their build after "Safari/", with no Version/ token.
  ['Safari 1.2 (build 125.8)', 'Mozilla/5.0 (Macintosh; U; PPC Mac OS X; en) AppleWebKit/125.2 (KHTML, like Gecko) Safari/125.8', false],
  ['Safari 2.0.4 (build 419.3)', 'Mozilla/5.0 (Macintosh; U; PPC Mac OS X; en) AppleWebKit/418.8 (KHTML, like Gecko) Safari/419.3', false],
];
