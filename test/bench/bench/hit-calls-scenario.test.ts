/** The hit-calls reference's scenario: it must send the site's page as a memory hit sends it. */
import { describe, expect, test } from 'vitest';
import { hitCallsScenario } from '../../../bench/lib/bench/scenarios';

const HTML = '<!doctype html><title>fixture</title>';
const scenario = hitCallsScenario('http://127.0.0.1:1010', '/en/fixture', HTML);
const answer = (status: number, headers: Record<string, string>) => new Response(null, { status, headers });

describe('the hit-calls reference scenario', () => {
  test('asks for the fixture page on the reference', () => {
    expect(scenario.url).toBe('http://127.0.0.1:1010/en/fixture');
  });

  test("passes the site's HTML sent as a hit", () => {
    expect(scenario.check(answer(200, { 'x-edge-cache': 'HIT' }), HTML)).toBeNull();
  });

  test('refuses a page saved from a miss, other HTML, or another status', () => {
    expect(scenario.check(answer(200, { 'x-edge-cache': 'MISS' }), HTML)).toMatch(/X-Edge-Cache is MISS/);
    expect(scenario.check(answer(200, { 'x-edge-cache': 'HIT' }), '<p>other</p>')).toMatch(/not the site's page/);
    expect(scenario.check(answer(500, {}), HTML)).toMatch(/status 500/);
  });
});
