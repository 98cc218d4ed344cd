/**
 * The build's check for internal links that lead nowhere
 * (docs/content-model.md#31-links-that-must-lead-somewhere), through the content loader on a
 * generated directory: English and Finnish, each a home and two pages.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { formatProblem } from '../../app/content/issues';
import { loadContent } from '../../scripts/lib/content-loader';
import { generateContent } from '../../scripts/lib/generate-content';
import { tempDir } from '../support/built-site';

let dir: string;

beforeEach(async () => {
  dir = await tempDir('links');
  await generateContent({ dir, pagesPerLocale: 2 });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function editJson(rel: string, edit: (value: any) => void) {
  const file = join(dir, rel);
  const value = JSON.parse(await readFile(file, 'utf8'));
  edit(value);
  await writeFile(file, JSON.stringify(value));
}
const editSite = (edit: (site: any) => void) => editJson('site.json', edit);
const editPage = (rel: string, edit: (page: any) => void) => editJson(join('pages', rel), edit);

async function problemLines(): Promise<string[]> {
  const result = await loadContent(dir, 'content');
  return result.ok ? [] : result.problems.map(formatProblem);
}

const broken = (path: string) => `Broken link: ${path} is not a page of this site, a media file or the source of a redirect rule`;

describe('links in site.json', () => {
  test('a navigation link to a page that does not exist fails the build, naming the locale and the link', async () => {
    await editSite((s) => s.navigation.fi.push({ label: 'Lainat', href: '/fi/lainat' }));
    expect(await problemLines()).toEqual([`content/site.json: navigation.fi[1].href: ${broken('/fi/lainat')}`]);
  });

  test('a footer link to a page that does not exist fails the build', async () => {
    await editSite((s) => (s.footer.en.links = [{ label: 'Privacy', href: '/en/privacy' }]));
    expect(await problemLines()).toEqual([`content/site.json: footer.en.links[0].href: ${broken('/en/privacy')}`]);
  });

  test('links to pages that exist, with a query and an anchor, pass', async () => {
    await editSite((s) => {
      s.navigation.en.push(
        { label: 'One', href: '/en/page-1?ref=nav#top' },
        { label: 'Fi', href: '/fi/page-2#x' },
        { label: 'Root', href: '/' },
      );
      s.footer.en.links = [
        { label: 'Sitemap', href: '/sitemap.xml' },
        { label: 'Reset', href: '/reset-storage/en/page-1' },
      ];
    });
    expect(await problemLines()).toEqual([]);
  });

  test('a link with a trailing slash is broken, since in-app navigation would show the 404 screen for it', async () => {
    await editSite((s) => s.navigation.en.push({ label: 'One', href: '/en/page-1/' }));
    expect(await problemLines()).toEqual([`content/site.json: navigation.en[1].href: ${broken('/en/page-1/')}`]);
  });

  test('external links are not checked', async () => {
    await editSite((s) => (s.footer.en.links = [{ label: 'Elsewhere', href: 'https://elsewhere.example/nothing-here' }]));
    expect(await problemLines()).toEqual([]);
  });
});

describe('alternates and locale homes', () => {
  test('an alternate that names no page fails the build, naming the locale', async () => {
    await editPage('en/page-1.json', (p) => (p.alternates = { fi: '/fi/sivu-1' }));
    expect(await problemLines()).toEqual([`content/pages/en/page-1.json: alternates.fi: ${broken('/fi/sivu-1')}`]);
  });

  test('a configured locale without a home page fails the build, naming the file that is missing', async () => {
    await editSite((s) => {
      s.locales.push({ code: 'se', lang: 'sv-SE', label: 'Svenska' });
    });
    expect(await problemLines()).toEqual([
      'content/pages/se/index.json: (file): is missing: every locale needs a home page (/se), which its header and the language switcher link to',
    ]);
  });
});

describe('links inside pages', () => {
  test('a cards link to a page that does not exist is named by its path in the page', async () => {
    await editPage('fi/page-1.json', (p) => p.blocks.push({ type: 'cards', items: [{ title: 'A' }, { title: 'B', href: '/fi/page-9' }] }));
    expect(await problemLines()).toEqual([`content/pages/fi/page-1.json: blocks[5].items[1].href: ${broken('/fi/page-9')}`]);
  });

  test('hero, call-to-action and modal links are checked, the modal by its path through the action', async () => {
    await editPage('en/page-2.json', (p) => {
      p.blocks[0].actions.push({ label: 'Gone', href: '/en/gone' });
      p.blocks[4].action = {
        label: 'More',
        modal: { title: 'More', blocks: [{ type: 'cta', action: { label: 'Go', href: '/en/also-gone' } }] },
      };
    });
    expect(await problemLines()).toEqual([
      `content/pages/en/page-2.json: blocks[0].actions[1].href: ${broken('/en/gone')}`,
      `content/pages/en/page-2.json: blocks[4].action.modal.blocks[0].action.href: ${broken('/en/also-gone')}`,
    ]);
  });

  test('a rich-text link to a page that does not exist is named down to its mark', async () => {
    await editPage('en/page-1.json', (p) => {
      p.blocks[1].doc.content[1].content[0].marks = [{ type: 'bold' }, { type: 'link', attrs: { href: '/en/rates#today' } }];
    });
    expect(await problemLines()).toEqual([
      `content/pages/en/page-1.json: blocks[1].doc.content[1].content[0].marks[1].attrs.href: ${broken('/en/rates')}`,
    ]);
  });

  test('a rich-text link in an accordion answer is checked too', async () => {
    await editPage('fi/index.json', (p) => {
      p.blocks[3].items[0].answer.content[0].content[0].marks = [{ type: 'link', attrs: { href: '/fi/ehdot' } }];
    });
    expect(await problemLines()).toEqual([
      `content/pages/fi/index.json: blocks[3].items[0].answer.content[0].content[0].marks[0].attrs.href: ${broken('/fi/ehdot')}`,
    ]);
  });

  test('mailto: and tel: links in rich text are not checked', async () => {
    await editPage('en/page-1.json', (p) => {
      p.blocks[1].doc.content[1].content[0].marks = [{ type: 'link', attrs: { href: 'mailto:help@example.com' } }];
    });
    expect(await problemLines()).toEqual([]);
  });

  test('a link to a page whose file has a schema problem counts as a link to a page', async () => {
    await editPage('en/page-2.json', (p) => delete p.title);
    await editPage('en/page-1.json', (p) => p.blocks[0].actions.push({ label: 'Two', href: '/en/page-2' }));
    expect(await problemLines()).toEqual(['content/pages/en/page-2.json: title: Required']);
  });
});

describe('media links', () => {
  test('a link to a file under media/ that does not exist fails the build', async () => {
    await mkdir(join(dir, 'media'));
    await writeFile(join(dir, 'media', 'price-list.pdf'), '%PDF-1.4');
    await editPage('en/page-1.json', (p) =>
      p.blocks[0].actions.push({ label: 'Prices', href: '/media/price-list.pdf' }, { label: 'Terms', href: '/media/terms.pdf' }),
    );
    expect(await problemLines()).toEqual([
      'content/pages/en/page-1.json: blocks[0].actions[2].href: Broken link: /media/terms.pdf is not a file in media/',
    ]);
  });

  test('a media link with an encoded name finds the file by its decoded name', async () => {
    await mkdir(join(dir, 'media', 'docs'), { recursive: true });
    await writeFile(join(dir, 'media', 'docs', 'price list.pdf'), '%PDF-1.4');
    await editSite((s) => (s.footer.en.links = [{ label: 'Prices', href: '/media/docs/price%20list.pdf' }]));
    expect(await problemLines()).toEqual([]);
  });
});

describe('redirect rules', () => {
  test('a link to the source of a redirect rule counts as existing, wildcards included', async () => {
    await editSite((s) => {
      s.routeRules = { '/campaign': { redirect: '/en/page-1' }, '/news/**': { redirect: 'https://news.example/**' } };
      s.navigation.en.push(
        { label: 'Campaign', href: '/campaign?utm=nav' },
        { label: 'News', href: '/news/2024/spring' },
        { label: 'All news', href: '/news' },
      );
    });
    expect(await problemLines()).toEqual([]);
  });

  test('a rule that only sets headers does not make a path exist', async () => {
    await editSite((s) => {
      s.routeRules = { '/campaign': { headers: { 'x-robots-tag': 'noindex' } } };
      s.navigation.en.push({ label: 'Campaign', href: '/campaign' });
    });
    expect(await problemLines()).toEqual([`content/site.json: navigation.en[1].href: ${broken('/campaign')}`]);
  });
});

describe('allowBrokenLinks', () => {
  test('with allowBrokenLinks, broken links are warnings and the content loads', async () => {
    await editSite((s) => {
      s.allowBrokenLinks = true;
      s.navigation.en.push({ label: 'Later', href: '/en/later' });
      s.locales.push({ code: 'se', lang: 'sv-SE', label: 'Svenska' });
    });
    const result = await loadContent(dir, 'content');
    expect(result.ok).toBe(true);
    expect(result.warnings.map(formatProblem)).toEqual([
      `content/site.json: navigation.en[1].href: ${broken('/en/later')}`,
      'content/pages/se/index.json: (file): is missing: every locale needs a home page (/se), which its header and the language switcher link to',
    ]);
  });

  test('with allowBrokenLinks, a link to a file missing from media/ still fails the build', async () => {
    await editSite((s) => {
      s.allowBrokenLinks = true;
      s.footer.en.links = [
        { label: 'Later', href: '/en/later' },
        { label: 'Prices', href: '/media/prices.pdf' },
      ];
    });
    const result = await loadContent(dir, 'content');
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      'content/site.json: footer.en.links[1].href: Broken link: /media/prices.pdf is not a file in media/',
    ]);
    expect(result.warnings.map(formatProblem)).toEqual([`content/site.json: footer.en.links[0].href: ${broken('/en/later')}`]);
  });

  test('without allowBrokenLinks, a site with valid links has no warnings', async () => {
    const result = await loadContent(dir, 'content');
    expect(result).toMatchObject({ ok: true, warnings: [] });
  });

  test('allowBrokenLinks must be true or false', async () => {
    await editSite((s) => (s.allowBrokenLinks = 'yes'));
    expect(await problemLines()).toEqual(['content/site.json: allowBrokenLinks: Invalid input: expected boolean, received string']);
  });
});
