/** Reading a Lighthouse result into what the audit reports, from a hand-made result. */
import type { Result as LighthouseResult } from 'lighthouse';
import { describe, expect, test } from 'vitest';
import { reportFileName, summariseLighthouse } from '../../../bench/lib/audit/lighthouse-summary';

const URL_404 = 'http://127.0.0.1:8787/en/nowhere';
const audit = (score: number | null, details?: object, extra: object = {}) => ({
  score,
  scoreDisplayMode: 'binary',
  title: 'an audit',
  details,
  ...extra,
});

/** A 404 page whose status audits report exactly its status, one passing audit per category, and one failing accessibility audit. */
const lhr = {
  environment: { benchmarkIndex: 1434.5 },
  mainDocumentUrl: URL_404,
  finalDisplayedUrl: URL_404,
  runWarnings: ['The page may not be loading as expected because your test URL (Status code: 404)'],
  categories: {
    performance: { score: 1, auditRefs: [{ id: 'speed-index', weight: 10 }] },
    accessibility: {
      score: 0.5,
      auditRefs: [
        { id: 'image-alt', weight: 1 },
        { id: 'html-has-lang', weight: 1 },
      ],
    },
    'best-practices': {
      score: 0.5,
      auditRefs: [
        { id: 'errors-in-console', weight: 1 },
        { id: 'doctype', weight: 1 },
      ],
    },
    seo: {
      score: 0.33,
      auditRefs: [
        { id: 'http-status-code', weight: 1 },
        { id: 'is-crawlable', weight: 1 },
        { id: 'document-title', weight: 1 },
      ],
    },
  },
  audits: {
    'speed-index': audit(1, undefined, { scoreDisplayMode: 'numeric', displayValue: '0.8 s' }),
    'image-alt': audit(0, { items: [{ node: { selector: 'main img.hero' } }] }),
    'html-has-lang': audit(1),
    'errors-in-console': audit(0, {
      items: [{ source: 'network', description: 'Failed to load resource: 404', sourceLocation: { url: URL_404 } }],
    }),
    doctype: audit(1),
    'http-status-code': audit(0),
    'network-requests': audit(null, { items: [{ url: URL_404, statusCode: 404 }] }),
    'is-crawlable': audit(0, { items: [{ source: { snippet: '<meta name="robots" content="noindex">' } }] }),
    'document-title': audit(1),
  },
} as unknown as LighthouseResult;

const summary = summariseLighthouse(lhr, { label: '404 /en/nowhere', path: '/en/nowhere', status: 404 });

describe('Lighthouse summary', () => {
  test('an error page is scored without the audits that report its status', () => {
    expect(summary.scores).toEqual({ performance: 100, accessibility: 50, 'best-practices': 100, seo: 100 });
  });

  test("an error page's status audits are each checked to report exactly that status", () => {
    expect(summary.expected.map((e) => [e.id, e.ok])).toEqual([
      ['http-status-code', true],
      ['is-crawlable', true],
      ['errors-in-console', true],
    ]);
  });

  test('a failing audit is a finding with the selectors it names', () => {
    expect(summary.findings.map((f) => [f.category, f.id, f.items])).toEqual([['accessibility', 'image-alt', ['main img.hero']]]);
  });

  test("Lighthouse's warning about the error page's own status is left out", () => {
    expect(summary.warnings).toEqual([]);
  });

  test("carries Lighthouse's benchmark of the machine's CPU, which the simulated phone is slowed from", () => {
    expect(summary.benchmarkIndex).toBe(1434.5);
    expect(summariseLighthouse({ ...lhr, environment: {} } as unknown as LighthouseResult, summary.page).benchmarkIndex).toBeNull();
  });
});

describe('the file a kept Lighthouse result goes to', () => {
  test('is named by the page label, so two pages on one path keep two files', () => {
    expect(reportFileName('home /en', 1, 1)).toBe('home_en.json');
    expect(reportFileName('consent banner /en', 1, 1)).toBe('consent_banner_en.json');
  });

  test('carries the run number when a page runs more than once', () => {
    expect(reportFileName('form /en/contact', 2, 3)).toBe('form_en_contact.2.json');
  });
});
