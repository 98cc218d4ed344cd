/** Which draft a command means, what changed in it, and which drafts gc removes as unused. */
import { describe, expect, test } from 'vitest';
import type { BuildIndex } from '../../app/build-records';
import { changedPages, draftTarget, expiredDrafts, parseDraftDays, type DraftSummary } from '../../scripts/lib/drafts';

const DAY_MS = 86_400_000;
const NOW = 1_800_000_000_000;

describe('the draft a command means', () => {
  test('is the name given, checked', () => {
    expect(draftTarget('spring', 'feature/x').name).toBe('spring');
    expect(() => draftTarget('Spring Campaign', null)).toThrow('"Spring Campaign" is not a draft name: a draft name has lowercase letters');
  });

  test('without a name, is the git branch’s', () => {
    expect(draftTarget(undefined, 'editor/Spring-2026')).toEqual({ name: 'editor-spring-2026', why: 'the git branch editor/Spring-2026' });
  });

  test('without a name, on main or master or outside a branch, is the unnamed draft', () => {
    expect(draftTarget(undefined, 'main').name).toBeNull();
    expect(draftTarget(undefined, 'master').name).toBeNull();
    expect(draftTarget(undefined, null).name).toBeNull();
  });

  test('refuses a branch that makes no name, asking for one', () => {
    expect(() => draftTarget(undefined, '___')).toThrow('name the draft (--draft NAME)');
  });
});

describe('the pages a draft changes', () => {
  const index = (pages: Record<string, string>) => ({ pages }) as unknown as BuildIndex;

  test('are those added, removed or with other content than live, in order', () => {
    const live = index({ '/en': 'a', '/en/old': 'b', '/et': 'c' });
    const draft = index({ '/en': 'a', '/et': 'changed', '/et/new': 'd' });
    expect(changedPages(draft, live)).toEqual(['/en/old', '/et', '/et/new']);
  });

  test('are all of its pages when nothing is live', () => {
    expect(changedPages(index({ '/en': 'a' }), null)).toEqual(['/en']);
  });
});

describe('drafts gc removes', () => {
  const draft = (name: string | null, publishedAt: number | null): DraftSummary => ({
    name,
    build: '0123456789abcdef',
    publishedAt,
    publishedBy: 'editor@host',
    changed: [],
  });

  test('are the named drafts nobody published for the days given, and no other', () => {
    const drafts = [
      draft('old', NOW - 30 * DAY_MS),
      draft('recent', NOW - 29 * DAY_MS),
      draft(null, NOW - 400 * DAY_MS),
      draft('unknown', null),
    ];
    expect(expiredDrafts(drafts, NOW, 30).map((d) => d.name)).toEqual(['old']);
    expect(expiredDrafts(drafts, NOW, 7).map((d) => d.name)).toEqual(['old', 'recent']);
  });

  test('--draft-days is a whole number of days, at least 1', () => {
    expect(parseDraftDays('30')).toBe(30);
    for (const text of ['0', '-1', '1.5', 'ten', ''])
      expect(() => parseDraftDays(text), text).toThrow('--draft-days must be a whole number of days, at least 1');
  });
});
