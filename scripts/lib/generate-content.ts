/**
 * Generates a valid content directory of any size, for tests (a second site the repository
 * does not ship) and the benchmark (10 to 10 000 pages). Deterministic for the same options.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface GenerateOptions {
  dir: string;
  /** content pages per locale, besides the home page */
  pagesPerLocale?: number;
  locales?: { code: string; lang: string; label: string }[];
  siteName?: string;
  extraSite?: Record<string, unknown>;
}

const DEFAULT_LOCALES = [
  { code: 'en', lang: 'en', label: 'English' },
  { code: 'fi', lang: 'fi-FI', label: 'Suomi' },
];

async function writeJson(file: string, value: unknown) {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(value, null, 2));
}

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

/** A content page using most block types, about the size of a real landing page. */
export function samplePage(title: string, locale: string, n: number) {
  return {
    title,
    description: `${title}: generated page ${n} for ${locale}.`,
    blocks: [
      { type: 'hero', heading: title, text: `Generated page ${n}.`, actions: [{ label: 'Home', href: `/${locale}` }] },
      {
        type: 'richText',
        doc: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Overview' }] },
            paragraph(`Body text of page ${n}. `.repeat(8)),
          ],
        },
      },
      {
        type: 'table',
        caption: 'Rates',
        header: ['Term', 'Rate'],
        rows: [
          ['12 months', '5.9%'],
          ['24 months', '6.4%'],
        ],
      },
      { type: 'accordion', items: [{ question: 'How long does it take?', answer: { type: 'doc', content: [paragraph('About a day.')] } }] },
      { type: 'cta', text: 'Ready?', action: { label: 'Apply', href: `/${locale}` } },
    ],
  };
}

export async function generateContent({
  dir,
  pagesPerLocale = 3,
  locales = DEFAULT_LOCALES,
  siteName = 'Generated Site',
  extraSite = {},
}: GenerateOptions) {
  await writeJson(join(dir, 'site.json'), {
    name: siteName,
    origin: 'https://generated.example',
    defaultLocale: locales[0]!.code,
    locales,
    navigation: Object.fromEntries(locales.map((l) => [l.code, [{ label: 'Home', href: `/${l.code}` }]])),
    footer: Object.fromEntries(locales.map((l) => [l.code, { text: `© ${siteName}` }])),
    ...extraSite,
  });
  for (const { code } of locales) {
    await writeJson(join(dir, 'pages', code, 'index.json'), samplePage(`${siteName} ${code}`, code, 0));
    for (let i = 1; i <= pagesPerLocale; i++) {
      // Spread pages over nested folders so depth is exercised too.
      const file = i % 3 === 0 ? join('section', `group-${i % 7}`, `page-${i}.json`) : `page-${i}.json`;
      await writeJson(join(dir, 'pages', code, file), samplePage(`Page ${i} (${code})`, code, i));
    }
  }
}
