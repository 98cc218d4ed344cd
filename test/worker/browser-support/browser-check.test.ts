import { describe, expect, test } from 'vitest';
import { browserCheck } from '../../../worker/browser-support/browser-check';
import { given, request, testApp } from '../in-process';

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const CHROME_130 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

function app() {
  const a = testApp();
  a.use(given());
  a.use(browserCheck());
  a.on(['GET', 'POST'], '/*', (c) => c.text('page'));
  return a;
}

describe('the browser check', () => {
  test('sends an unsupported browser to /unsupported in the path’s language, privately', async () => {
    const res = await request(app(), '/et/leht', { headers: { 'user-agent': IE11 } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/unsupported?lang=et');
    expect(res.headers.get('vary')).toBe('User-Agent');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  test('without a locale in the path, follows Accept-Language', async () => {
    const res = await request(app(), '/', { headers: { 'user-agent': IE11, 'accept-language': 'et-EE,et;q=0.9' } });
    expect(res.headers.get('location')).toBe('/unsupported?lang=et');
  });

  test('serves a supported browser the page, which varies by User-Agent and asks for client hints', async () => {
    const res = await request(app(), '/en', { headers: { 'user-agent': CHROME_130 } });
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toBe('User-Agent');
    expect(res.headers.get('accept-ch')).toContain('Sec-CH-UA-Full-Version-List');
  });

  test('never redirects a POST', async () => {
    const res = await request(app(), '/en', { method: 'POST', headers: { 'user-agent': IE11 } });
    expect(res.status).toBe(200);
  });
});
