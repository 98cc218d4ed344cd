import { describe, expect, test } from 'vitest';
import {
  clearDraft,
  createDraftWriter,
  draftSubmissionKeyStore,
  loadDraft,
  loadPendingSubmission,
  removeExpiredDrafts,
  saveDraft,
  DRAFT_MAX_AGE_MS,
  DRAFT_MAX_VALUE_LENGTH,
} from '../../../app/dom/form-drafts';
import { createSubmissionKeys } from '../../../app/dom/idempotency-key';
import { draftKey } from '../../../app/dom/site-storage';

function fakeStorage(
  entries: Record<string, string> = {},
  fail: { get?: boolean; set?: boolean; remove?: boolean } = {},
): Storage & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  const boom = () => {
    throw new DOMException('refused', 'QuotaExceededError');
  };
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => (fail.get ? boom() : (map.get(k) ?? null)),
    setItem: (k: string, v: string) => (fail.set ? boom() : void map.set(k, String(v))),
    removeItem: (k: string) => (fail.remove ? boom() : void map.delete(k)),
    clear: () => map.clear(),
  };
}

const KEY = draftKey('/en/contact', 'contact');

describe('drafts', () => {
  test('save, restore and clear per page and form', () => {
    const s = fakeStorage();
    const target = { path: '/en/contact', formId: 'contact', storage: () => s };
    expect(loadDraft(target)).toBeNull();
    const savedAt = Date.now();
    expect(saveDraft(target, { name: 'Mari', consent: true, topic: 'loan' }, () => savedAt)).toBe(true);
    expect(JSON.parse(s.map.get(KEY)!)).toEqual({ v: 1, savedAt, values: { name: 'Mari', consent: true, topic: 'loan' } });
    expect(loadDraft(target)).toEqual({ name: 'Mari', consent: true, topic: 'loan' });
    // Another page's or form's draft is separate.
    expect(loadDraft({ ...target, path: '/et/kontakt' })).toBeNull();
    expect(loadDraft({ ...target, formId: 'other' })).toBeNull();
    clearDraft(target);
    expect(s.map.has(KEY)).toBe(false);
    expect(loadDraft(target)).toBeNull();
  });

  test('an empty draft is removed rather than stored', () => {
    const s = fakeStorage();
    const target = { path: '/en/contact', formId: 'contact', storage: () => s };
    saveDraft(target, { name: 'x' });
    saveDraft(target, { name: '', consent: false });
    expect(s.map.size).toBe(0);
  });

  test('garbage in storage reads as no draft, and bad values are dropped', () => {
    const target = (raw: string) => ({ path: '/en/contact', formId: 'contact', storage: () => fakeStorage({ [KEY]: raw }) });
    expect(loadDraft(target('{oops'))).toBeNull();
    expect(loadDraft(target('null'))).toBeNull();
    expect(loadDraft(target('"text"'))).toBeNull();
    expect(loadDraft(target('[1,2]'))).toBeNull();
    expect(loadDraft(target('{"v":2,"values":{"name":"x"}}'))).toBeNull();
    expect(loadDraft(target('{"v":1,"values":[1]}'))).toBeNull();
    expect(
      loadDraft(
        target(
          JSON.stringify({
            v: 1,
            savedAt: Date.now(),
            values: { name: 'ok', n: 3, o: {}, 'bad name': 'x', __proto__x: 'y', long: 'a'.repeat(DRAFT_MAX_VALUE_LENGTH + 1), c: true },
          }),
        ),
      ),
    ).toEqual({ name: 'ok', c: true });
  });

  test('a draft last saved more than 30 days ago is not restored, and is removed', () => {
    const s = fakeStorage();
    const target = { path: '/en/contact', formId: 'contact', storage: () => s };
    saveDraft(target, { name: 'Mari' }, () => 1_000);
    expect(loadDraft(target, () => 1_000 + DRAFT_MAX_AGE_MS)).toEqual({ name: 'Mari' });
    expect(loadDraft(target, () => 1_000 + DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(s.map.has(KEY)).toBe(false);
  });

  test('a draft without the time it was saved counts as expired', () => {
    const s = fakeStorage({ [KEY]: '{"v":1,"values":{"name":"x"}}' });
    expect(loadDraft({ path: '/en/contact', formId: 'contact', storage: () => s })).toBeNull();
  });

  test('expired drafts of every page are removed at once; fresh ones and other site data stay', () => {
    const now = 100 * DRAFT_MAX_AGE_MS;
    const old = JSON.stringify({ v: 1, savedAt: now - DRAFT_MAX_AGE_MS - 1, values: { name: 'old' } });
    const fresh = JSON.stringify({ v: 1, savedAt: now - 1_000, values: { name: 'fresh' } });
    const s = fakeStorage({
      [draftKey('/en/contact', 'contact')]: old,
      [draftKey('/et/kontakt', 'contact')]: old,
      [draftKey('/de/kontakt', 'contact')]: fresh,
      'edge-site:v1:consent': '{"v":1}',
    });
    expect(
      removeExpiredDrafts(
        () => s,
        () => now,
      ),
    ).toBe(2);
    expect([...s.map.keys()].sort()).toEqual(['edge-site:v1:consent', draftKey('/de/kontakt', 'contact')]);
  });

  test('storage that throws never breaks the form', () => {
    const refuse = () => {
      throw new DOMException('insecure', 'SecurityError');
    };
    const target = { path: '/en/contact', formId: 'contact', storage: refuse };
    expect(loadDraft(target)).toBeNull();
    expect(saveDraft(target, { name: 'x' })).toBe(false);
    expect(() => clearDraft(target)).not.toThrow();
    const failing = fakeStorage({ [KEY]: '{"v":1,"values":{"name":"x"}}' }, { get: true, set: true, remove: true });
    const t2 = { path: '/en/contact', formId: 'contact', storage: () => failing };
    expect(loadDraft(t2)).toBeNull();
    expect(saveDraft(t2, { name: 'y' })).toBe(false);
    expect(() => clearDraft(t2)).not.toThrow();
  });
});

describe('draft writer', () => {
  function manualTimers() {
    let next: (() => void) | null = null;
    return {
      setTimer: (fn: () => void) => ((next = fn), 1),
      clearTimer: () => void (next = null),
      fire: () => next?.(),
      get armed() {
        return next !== null;
      },
    };
  }

  test('writes once after a pause, the latest values', () => {
    const s = fakeStorage();
    const timers = manualTimers();
    const writer = createDraftWriter({ path: '/en/contact', formId: 'contact', storage: () => s, ...timers });
    writer.schedule({ name: 'M' });
    writer.schedule({ name: 'Ma' });
    expect(s.map.size).toBe(0);
    timers.fire();
    expect(loadDraft({ path: '/en/contact', formId: 'contact', storage: () => s })).toEqual({ name: 'Ma' });
  });

  test('flush writes at once; cancel drops what is pending', () => {
    const s = fakeStorage();
    const timers = manualTimers();
    const target = { path: '/en/contact', formId: 'contact', storage: () => s };
    const writer = createDraftWriter({ ...target, ...timers });
    writer.schedule({ name: 'Mari' });
    writer.flush();
    expect(timers.armed).toBe(false);
    expect(loadDraft(target)).toEqual({ name: 'Mari' });
    writer.schedule({ name: 'Mari Maasikas' });
    writer.cancel();
    timers.fire();
    writer.flush();
    expect(loadDraft(target)).toEqual({ name: 'Mari' });
  });
});

describe('the key of a submission sent and not confirmed, kept with the draft', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const SENT = JSON.stringify([{ name: 'Mari', consent: true }, []]);

  /** The form's state at a page load: the draft it restores and the keys it sends with. */
  function load(s: Storage) {
    const target = { path: '/en/contact', formId: 'contact', storage: () => s };
    return { target, keys: createSubmissionKeys(undefined, draftSubmissionKeyStore(target)) };
  }

  /** Typed, sent, and the answer never came: the page is reloaded while "Sending…" shows. */
  function sentBeforeReload(s: Storage): string {
    const { target, keys } = load(s);
    saveDraft(target, { name: 'Mari', consent: true });
    return keys.keyFor(SENT);
  }

  test('after a reload, the same answers sent again carry the key of the post whose answer never came', () => {
    const s = fakeStorage();
    const key = sentBeforeReload(s);
    expect(key).toMatch(UUID);
    const { target, keys } = load(s);
    expect(loadDraft(target)).toEqual({ name: 'Mari', consent: true });
    expect(keys.keyFor(SENT)).toBe(key);
  });

  test('after a reload, changed answers are a new submission with a new key', () => {
    const s = fakeStorage();
    const key = sentBeforeReload(s);
    const { keys } = load(s);
    const next = keys.keyFor(JSON.stringify([{ name: 'Mari M', consent: true }, []]));
    expect(next).toMatch(UUID);
    expect(next).not.toBe(key);
  });

  test('the key is stored with the draft before the post leaves, and saving the draft again keeps it', () => {
    const s = fakeStorage();
    const key = sentBeforeReload(s);
    const stored = JSON.parse(s.map.get(KEY)!) as Record<string, unknown>;
    expect(stored).toMatchObject({ v: 1, values: { name: 'Mari', consent: true }, sending: { key, content: SENT } });
    const { target } = load(s);
    saveDraft(target, { name: 'Mari', consent: true, topic: 'loan' });
    expect(loadPendingSubmission(target)).toEqual({ key, content: SENT });
    expect(loadDraft(target)).toEqual({ name: 'Mari', consent: true, topic: 'loan' });
  });

  test('once the site confirms, the key is gone with the draft: the next page load sends a new key', () => {
    const s = fakeStorage();
    const key = sentBeforeReload(s);
    const { target, keys } = load(s);
    expect(keys.keyFor(SENT)).toBe(key);
    keys.sent();
    clearDraft(target);
    expect(s.map.size).toBe(0);
    expect(load(s).keys.keyFor(SENT)).not.toBe(key);
  });

  test('a sent submission clears its key even where the draft itself stays', () => {
    const s = fakeStorage();
    sentBeforeReload(s);
    const { target, keys } = load(s);
    keys.sent();
    expect(loadPendingSubmission(target)).toBeNull();
    expect(JSON.parse(s.map.get(KEY)!)).not.toHaveProperty('sending');
    expect(loadDraft(target)).toEqual({ name: 'Mari', consent: true });
  });

  test('a hostile stored key is ignored: the draft is restored and the post gets a fresh key', () => {
    const hostile = [
      { key: 'x\r\nX-Injected: 1', content: SENT },
      { key: 'not-a-uuid-but-long-enough', content: SENT },
      { key: '00000000-0000-4000-8000-00000000000G', content: SENT },
      { key: '0f0e0d0c-0b0a-4908-8706-050403020100', content: 42 },
      { key: '0f0e0d0c-0b0a-4908-8706-050403020100', content: 'a'.repeat(1_000_001) },
      ['0f0e0d0c-0b0a-4908-8706-050403020100', SENT],
      '0f0e0d0c-0b0a-4908-8706-050403020100',
      null,
    ];
    for (const sending of hostile) {
      const s = fakeStorage({ [KEY]: JSON.stringify({ v: 1, savedAt: Date.now(), values: { name: 'Mari' }, sending }) });
      const { target, keys } = load(s);
      expect(loadDraft(target)).toEqual({ name: 'Mari' });
      expect(loadPendingSubmission(target)).toBeNull();
      const key = keys.keyFor(SENT);
      expect(key).toMatch(UUID);
      expect(key).not.toBe('0f0e0d0c-0b0a-4908-8706-050403020100');
    }
  });

  test('a draft stored before keys were kept restores as it did, with no key', () => {
    const s = fakeStorage({ [KEY]: JSON.stringify({ v: 1, savedAt: Date.now(), values: { name: 'Mari', consent: true } }) });
    const { target } = load(s);
    expect(loadDraft(target)).toEqual({ name: 'Mari', consent: true });
    expect(loadPendingSubmission(target)).toBeNull();
  });

  test('the key of an expired draft is not used, and goes with it', () => {
    const s = fakeStorage();
    const target = { path: '/en/contact', formId: 'contact', storage: () => s };
    draftSubmissionKeyStore(target, () => 1_000).save({ key: '0f0e0d0c-0b0a-4908-8706-050403020100', content: SENT });
    expect(loadPendingSubmission(target, () => 1_000 + DRAFT_MAX_AGE_MS)).not.toBeNull();
    expect(loadPendingSubmission(target, () => 1_000 + DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(s.map.has(KEY)).toBe(false);
  });

  test('storage that throws: the keys still work for this page, without surviving a reload', () => {
    const refuse = () => {
      throw new DOMException('insecure', 'SecurityError');
    };
    const keys = createSubmissionKeys(undefined, draftSubmissionKeyStore({ path: '/en/contact', formId: 'contact', storage: refuse }));
    const key = keys.keyFor(SENT);
    expect(key).toMatch(UUID);
    expect(keys.keyFor(SENT)).toBe(key);
  });
});
