/** Who published a build, what it changed, and which build was live before the current one. */
import { describe, expect, test } from 'vitest';
import { pageChanges, previousLive, publisher, type LogEntry } from '../../scripts/lib/release';

const id = (n: number) => n.toString(16).padStart(16, '0');
const move = (to: number, from: number | null, at: number, action: LogEntry['action'] = 'publish'): LogEntry => ({
  at,
  action,
  to: id(to),
  from: from === null ? null : id(from),
  by: 'op@example.com',
});

describe('who publishes', () => {
  test("a CI run names its actor, before git's user.email", () => {
    expect(publisher({ GITHUB_ACTOR: 'octo', USER: 'runner' }, () => 'dev@example.com')).toBe('octo (GITHUB_ACTOR)');
  });

  test("outside CI it is git's user.email", () => {
    expect(publisher({ USER: 'dev' }, () => 'dev@example.com')).toBe('dev@example.com');
  });

  test('without a git email it is $USER', () => {
    expect(publisher({ USER: 'dev' }, () => null)).toBe('dev');
  });
});

describe('pages a build changes', () => {
  test('counts pages added, changed (another payload) and removed against the earlier build', () => {
    const before = { '/en/': 'a', '/en/about': 'b', '/en/old': 'c' };
    const after = { '/en/': 'a', '/en/about': 'B', '/en/new': 'd', '/en/newer': 'e' };
    expect(pageChanges(before, after)).toEqual({ added: 2, changed: 1, removed: 1 });
  });

  test('a first build adds every page', () => {
    expect(pageChanges(null, { '/en/': 'a', '/de/': 'b' })).toEqual({ added: 2, changed: 0, removed: 0 });
  });

  test('a page named like an Object.prototype property counts as the page it is', () => {
    expect(pageChanges({ constructor: 'a' }, { toString: 'b' })).toEqual({ added: 1, changed: 0, removed: 1 });
  });
});

describe('the build live before the current one', () => {
  test('is where the newest move onto the live build came from', () => {
    const log = [move(1, null, 1), move(2, 1, 2), move(3, 2, 3)];
    expect(previousLive(log, id(3))).toEqual({ id: id(2) });
  });

  test('after a rollback it is the build rolled back from', () => {
    const log = [move(1, null, 1), move(2, 1, 2), move(1, 2, 3, 'rollback')];
    expect(previousLive(log, id(1))).toEqual({ id: id(2) });
  });

  test('the first live build has none, and says so', () => {
    expect(previousLive([move(1, null, 1)], id(1))).toEqual({ reason: expect.stringContaining('first live build') });
  });

  test('a live build the log never saw has none, and says so', () => {
    expect(previousLive([move(1, null, 1)], id(9))).toEqual({ reason: expect.stringContaining('no record of build') });
  });
});
