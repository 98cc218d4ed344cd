/**
 * The short path on its own: when it answers and when it leaves the request to the chain. That
 * its answers are the chain's, byte for byte and header for header, is memory-hit.workerd.test.ts.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { kvKeys } from '../../app/kv-keys';
import { BuildMemory } from '../../worker/build-memory';
import { memoryHit, type HitStep } from '../../worker/memory-hit';
import { PageMemory } from '../../worker/middleware/edge-cache';
import { BUILD_ID, ORIGIN, fixtureBuild } from './in-process';

const NOW = 1_000_000;
const HTML = new TextEncoder().encode('<!doctype html><title>en</title>');

/** An isolate that read the pointer at NOW and holds /en of that build. */
function isolate() {
  const memory = new BuildMemory();
  const build = fixtureBuild();
  memory.pointers.set(kvKeys.latest, { build, readAt: NOW, unreadable: false });
  memory.lastComplete = build;
  const pages = new PageMemory();
  pages.set(BUILD_ID, '/en', {
    body: HTML,
    headers: new Headers({ 'content-type': 'text/html', 'x-edge-cache': 'HIT' }),
    expires: NOW + 60_000,
  });
  return { memory, build, pages };
}

const noRules: HitStep[] = [{ name: 'requestLog', method: 'ALL', path: '/*', hit: 'unchanged' }];
const get = (path: string, init: RequestInit = {}) => new Request(ORIGIN + path, init);

let lines: string[];
beforeEach(() => {
  lines = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
});
afterEach(() => void vi.restoreAllMocks());

describe('the short path for memory hits', () => {
  test('answers a GET for a page in memory with the body and headers it was remembered with, and logs one short line', async () => {
    const short = memoryHit({ steps: noRules, ...isolate(), now: () => NOW + 1000 });
    const res = short(get('/en?utm=1'), {});
    expect(res?.status).toBe(200);
    expect(Object.fromEntries(res!.headers)).toEqual({ 'content-type': 'text/html', 'x-edge-cache': 'HIT' });
    expect(await res!.text()).toBe('<!doctype html><title>en</title>');
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([
      expect.objectContaining({ type: 'request', path: '/en', status: 200, build: BUILD_ID, cache: 'hit', mode: 'live', short: true }),
    ]);
  });

  test('answers a kept payload only for the query string it was kept for', () => {
    const held = isolate();
    held.pages.set(BUILD_ID, '/en/_payload.json', { body: HTML, headers: new Headers(), expires: NOW + 60_000, search: `?${BUILD_ID}` });
    const short = memoryHit({ steps: noRules, ...held, now: () => NOW });
    expect(short(get(`/en/_payload.json?${BUILD_ID}`), {})).toBeDefined();
    expect(short(get('/en/_payload.json'), {})).toBeUndefined();
    expect(short(get(`/en/_payload.json?${BUILD_ID}&x=1`), {})).toBeUndefined();
  });

  test('answers a kept redirect with its status and no body', async () => {
    const held = isolate();
    held.pages.set(BUILD_ID, '/old', {
      body: null,
      status: 301,
      headers: new Headers({ location: '/en' }),
      expires: NOW + 60_000,
      search: '',
    });
    const res = memoryHit({ steps: noRules, ...held, now: () => NOW })(get('/old'), {});
    expect(res?.status).toBe(301);
    expect(res?.headers.get('location')).toBe('/en');
    expect(await res?.text()).toBe('');
    expect(memoryHit({ steps: noRules, ...held, now: () => NOW })(get('/old?x=1'), {})).toBeUndefined();
  });

  test('leaves HEAD, POST and pages it does not hold to the chain', () => {
    const short = memoryHit({ steps: noRules, ...isolate(), now: () => NOW });
    expect(short(get('/en', { method: 'HEAD' }), {})).toBeUndefined();
    expect(short(get('/en', { method: 'POST', body: 'x' }), {})).toBeUndefined();
    expect(short(get('/et'), {})).toBeUndefined();
    expect(short(get('/en/_payload.json'), {})).toBeUndefined();
    expect(lines).toEqual([]);
  });

  test('leaves a malformed path to the chain, which refuses it', () => {
    const short = memoryHit({ steps: noRules, ...isolate(), now: () => NOW });
    expect(short(get('/%E0%A4%A'), {})).toBeUndefined();
    expect(short(get('/en%2F..%2F'), {})).toBeUndefined();
  });

  test('leaves the request to the chain once the pointer is older than its TTL, so a publish is seen', () => {
    const short = memoryHit({ steps: noRules, ...isolate(), now: () => NOW + 5000 });
    expect(short(get('/en'), {})).toBeUndefined();
    const longer = memoryHit({ steps: noRules, ...isolate(), now: () => NOW + 5000 });
    expect(longer(get('/en'), { BUILD_POINTER_TTL_MS: '6000' })).toBeDefined();
  });

  test('leaves the request to the chain while a new pointer has not been served yet or its build is passed over', () => {
    const switching = isolate();
    switching.memory.lastComplete = fixtureBuild();
    expect(memoryHit({ steps: noRules, ...switching, now: () => NOW })(get('/en'), {})).toBeUndefined();

    const suspect = isolate();
    suspect.memory.suspect = { id: BUILD_ID, until: NOW + 10_000 };
    expect(memoryHit({ steps: noRules, ...suspect, now: () => NOW })(get('/en'), {})).toBeUndefined();
  });

  test('leaves the request to the chain when a step’s guard fails or throws', () => {
    const failing: HitStep[] = [...noRules, { name: 'guarded', method: 'ALL', path: '/*', hit: (r) => !r.headers.has('x-no') }];
    expect(memoryHit({ steps: failing, ...isolate(), now: () => NOW })(get('/en', { headers: { 'x-no': '1' } }), {})).toBeUndefined();
    expect(memoryHit({ steps: failing, ...isolate(), now: () => NOW })(get('/en'), {})).toBeDefined();
    const throwing: HitStep[] = [
      {
        name: 'broken',
        method: 'ALL',
        path: '/*',
        hit: () => {
          throw new Error('boom');
        },
      },
    ];
    expect(memoryHit({ steps: throwing, ...isolate(), now: () => NOW })(get('/en'), {})).toBeUndefined();
  });

  test('runs a guard that several steps declare once per request, and hands it the URL the request was sent to', () => {
    const seen: string[] = [];
    const shared = (_request: Request, _config: unknown, url: string) => (seen.push(url), true);
    const steps: HitStep[] = [
      ...noRules,
      { name: 'first', method: 'ALL', path: '/*', hit: shared },
      { name: 'second', method: 'ALL', path: '/*', hit: shared },
    ];
    expect(memoryHit({ steps, ...isolate(), now: () => NOW })(get('/en?utm=1'), {})).toBeDefined();
    expect(seen).toEqual([`${ORIGIN}/en?utm=1`]);
  });

  test('is off with EDGE_CACHE=full-chain and with EDGE_CACHE=off', () => {
    const short = memoryHit({ steps: noRules, ...isolate(), now: () => NOW });
    expect(short(get('/en'), { EDGE_CACHE: 'full-chain' })).toBeUndefined();
    expect(short(get('/en'), { EDGE_CACHE: 'off' })).toBeUndefined();
  });

  test('refuses to be built over a step that sees every page and declares no rule', () => {
    const steps: HitStep[] = [...noRules, { name: 'newPolicy', method: 'ALL', path: '/*' }];
    expect(() => memoryHit({ steps, ...isolate() })).toThrow(/step newPolicy .* declares no rule/);
  });

  test('needs no rule from steps bound to other paths or to POST', () => {
    const steps: HitStep[] = [
      ...noRules,
      { name: 'robots', method: 'GET', path: '/robots.txt' },
      { name: 'forms', method: 'POST', path: '/*' },
    ];
    expect(() => memoryHit({ steps, ...isolate() })).not.toThrow();
  });
});
