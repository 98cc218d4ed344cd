/**
 * The two layouts (docs/behaviour.md#17-layouts), rendered as the server renders a page: the
 * blank one is the page's content in <main> and nothing else.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { Chrome } from '../../../app/build-records';
import { Page } from '../../../app/content/schema';
import { App } from '../../../app/render/app';
import type { View } from '../../../app/view';
import '../../../app/i18n/all-languages';

const chrome: Chrome = {
  siteName: 'Example Bank',
  origin: 'https://www.example.com',
  defaultLocale: 'en',
  locale: { code: 'en', lang: 'en-GB', label: 'English' },
  locales: [
    { code: 'en', lang: 'en-GB', label: 'English' },
    { code: 'et', lang: 'et-EE', label: 'Eesti' },
  ],
  navigation: [{ label: 'Loans', href: '/en/loans' }],
  footer: { text: 'Example Bank footer', links: [{ label: 'Privacy', href: '/en/privacy' }] },
};

function render(layout: 'default' | 'blank'): string {
  const page = Page.parse({ title: 'Apply now', layout, blocks: [{ type: 'hero', heading: 'Borrow with confidence' }] });
  const view: View = { kind: 'page', payload: { path: '/en/apply', page, chrome } };
  return renderToString(createElement(App, { view }));
}

describe('layouts', () => {
  test('a page with "layout": "blank" renders its content in <main> without header, navigation or footer', () => {
    const html = render('blank');
    expect(html).toMatch(/<main[^>]*>[\s\S]*Borrow with confidence[\s\S]*<\/main>/);
    expect(html).not.toContain('<header');
    expect(html).not.toContain('<nav');
    expect(html).not.toContain('<footer');
    expect(html).not.toContain('Example Bank footer');
    expect(html).not.toContain('href="/en/loans"');
  });

  test('the same page with the default layout has the header, the navigation and the footer around <main>', () => {
    const html = render('default');
    expect(html).toMatch(
      /<header[\s\S]*<nav[\s\S]*href="\/en\/loans"[\s\S]*<main[\s\S]*Borrow with confidence[\s\S]*<footer[\s\S]*Example Bank footer/,
    );
  });
});
