/**
 * The consent banner's settings in site.json, through the build's content loader: a missing
 * translation or privacy link is named with its locale and field.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { formatProblem } from '../../app/content/issues';
import { languageTable } from '../../app/i18n/languages';
import { loadContent } from '../../scripts/lib/content-loader';
import { generateContent } from '../../scripts/lib/generate-content';
import { tempDir } from '../support/built-site';
import '../../app/i18n/all-languages';

let dir: string;

beforeEach(async () => {
  dir = await tempDir('consent-content');
  // Two locales, en and fi.
  await generateContent({ dir, pagesPerLocale: 1, extraSite: { gtmId: 'GTM-TEST123' } });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function setConsent(consent: unknown) {
  const file = join(dir, 'site.json');
  const site = JSON.parse(await readFile(file, 'utf8'));
  site.consent = consent;
  await writeFile(file, JSON.stringify(site));
}

async function problemLines(): Promise<string[]> {
  const result = await loadContent(dir, 'content');
  return result.ok ? [] : result.problems.map(formatProblem);
}

const english = () => ({ ...languageTable('en').consent });
const finnish = () => ({ ...languageTable('fi').consent });

describe('consent banner settings in site.json', () => {
  test('texts and privacy links for every locale load', async () => {
    await setConsent({ texts: { en: english(), fi: finnish() }, privacyPage: { en: '/en/page-1', fi: '/fi/page-1' } });
    expect(await problemLines()).toEqual([]);
  });

  test('texts for some locales but not all name the locale that is missing', async () => {
    await setConsent({ texts: { en: english() } });
    expect(await problemLines()).toEqual([
      'content/site.json: consent.texts.fi: Missing translation: no consent banner texts for locale "fi" (set it for every locale, or for none)',
    ]);
  });

  test('a partial text set names each missing translation', async () => {
    const partial: Partial<ReturnType<typeof finnish>> = finnish();
    delete partial.rejectAll;
    delete partial.footerLink;
    await setConsent({ texts: { en: english(), fi: partial } });
    expect(await problemLines()).toEqual([
      'content/site.json: consent.texts.fi.rejectAll: Missing translation',
      'content/site.json: consent.texts.fi.footerLink: Missing translation',
    ]);
  });

  test('a misspelt text name is refused', async () => {
    await setConsent({ texts: { en: { ...english(), acceptALL: 'Accept' }, fi: finnish() } });
    const lines = await problemLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^content\/site\.json: consent\.texts\.en: .*acceptALL/);
  });

  test('texts for a locale the site does not have are refused', async () => {
    await setConsent({ texts: { en: english(), fi: finnish(), de: english() } });
    expect(await problemLines()).toEqual(['content/site.json: consent.texts.de: "de" is not a configured locale']);
  });

  test('a privacy page for some locales but not all names the locale that is missing', async () => {
    await setConsent({ privacyPage: { fi: '/fi/page-1' } });
    expect(await problemLines()).toEqual([
      'content/site.json: consent.privacyPage.en: Missing privacy page link for locale "en" (set it for every locale, or for none)',
    ]);
  });

  test('a javascript: privacy link is refused', async () => {
    await setConsent({ privacyPage: { en: 'javascript:alert(1)', fi: '/fi/page-1' } });
    const lines = await problemLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^content\/site\.json: consent\.privacyPage\.en: /);
  });
});

describe('consentMode in site.json', () => {
  async function setMode(mode: unknown) {
    const file = join(dir, 'site.json');
    const site = JSON.parse(await readFile(file, 'utf8'));
    if (mode !== undefined) site.consentMode = mode;
    await writeFile(file, JSON.stringify(site));
  }
  const loadedMode = async () => {
    const result = await loadContent(dir, 'content');
    if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
    return result.content.site.consentMode;
  };

  test('unset, it is basic: nothing from the tag manager before a grant', async () => {
    await setMode(undefined);
    expect(await loadedMode()).toBe('basic');
  });

  test('advanced is kept as set', async () => {
    await setMode('advanced');
    expect(await loadedMode()).toBe('advanced');
  });

  test('any other value is named as a problem of the field', async () => {
    await setMode('full');
    const lines = await problemLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^content\/site\.json: consentMode: .*"basic".*"advanced"/);
  });
});
