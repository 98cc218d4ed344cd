import { describe, expect, test } from 'vitest';
import { interceptedUrl, type AnchorLike, type ClickLike } from '../../../app/navigation/links';

const HERE = 'https://www.example.com/en/loans';
const click = (over: Partial<ClickLike> = {}): ClickLike => ({
  defaultPrevented: false,
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  ...over,
});
const anchor = (href: string, attrs: Record<string, string> = {}): AnchorLike => ({
  href,
  target: attrs.target ?? '',
  hasAttribute: (n) => n in attrs,
  getAttribute: (n) => attrs[n] ?? null,
});

describe('link clicks', () => {
  test('a plain same-origin link is navigated in the app', () => {
    expect(interceptedUrl(click(), anchor('/et/laenud'), HERE)?.pathname).toBe('/et/laenud');
  });

  test.each([
    ['a modifier key', click({ metaKey: true }), anchor('/et')],
    ['ctrl', click({ ctrlKey: true }), anchor('/et')],
    ['shift', click({ shiftKey: true }), anchor('/et')],
    ['a middle click', click({ button: 1 }), anchor('/et')],
    ['a handled click', click({ defaultPrevented: true }), anchor('/et')],
    ['target=_blank', click(), anchor('/et', { target: '_blank' })],
    ['a download', click(), anchor('/et', { download: '' })],
    ['rel=external', click(), anchor('/et', { rel: 'noopener external' })],
    ['another origin', click(), anchor('https://blog.example.com/x')],
    ['mailto:', click(), anchor('mailto:a@example.com')],
    ['an in-page anchor', click(), anchor('/en/loans#faq')],
    ['a file', click(), anchor('/sitemap.xml')],
    ['an app file', click(), anchor('/_app/builds/latest.json')],
  ])('%s is left to the browser', (_, event, a) => {
    expect(interceptedUrl(event, a, HERE)).toBeNull();
  });

  test('a hash on another page is navigated in the app', () => {
    expect(interceptedUrl(click(), anchor('/fi#faq'), HERE)?.hash).toBe('#faq');
  });

  test('a link whose dot segments leave `//evil.example` is navigated in the app on the site', () => {
    const url = interceptedUrl(click(), anchor('/a/..//evil.example/x'), HERE);
    expect(url?.href).toBe('https://www.example.com/evil.example/x');
    // The router used to read the path again relative to the page.
    expect(url && new URL(url.pathname + url.search + url.hash, HERE).origin).toBe('https://www.example.com');
  });

  test('a file link reached through `//` is still left to the browser', () => {
    expect(interceptedUrl(click(), anchor('/a/..//sitemap.xml'), HERE)).toBeNull();
  });
});
