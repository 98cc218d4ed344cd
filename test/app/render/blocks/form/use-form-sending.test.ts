import { describe, expect, test } from 'vitest';
import { FetchError } from '../../../../../app/fetch';
import { failureOf } from '../../../../../app/render/blocks/form/use-form-sending';

const refused = (status: number) => new FetchError('http', 'POST', '/_app/forms', `HTTP ${status}`, { status });

describe('what a form says when its post fails', () => {
  test.each([
    [429, 'rateLimited'],
    [403, 'forbidden'],
    [413, 'tooLarge'],
    [503, 'unavailable'],
    [409, 'keyReused'],
    [500, 'sendFailed'],
    [400, 'sendFailed'],
  ] as const)('the site’s own endpoint answering %i: %s', (status, failure) => {
    expect(failureOf(refused(status), true)).toBe(failure);
  });

  test('another endpoint’s 503 is a plain failure: only the site’s endpoint means it could not store the entry', () => {
    expect(failureOf(refused(503), false)).toBe('sendFailed');
  });

  test('no answer at all (offline, timed out, or not even a FetchError) is a plain failure', () => {
    expect(failureOf(new FetchError('network', 'POST', '/_app/forms', 'offline'), true)).toBe('sendFailed');
    expect(failureOf(new FetchError('timeout', 'POST', '/_app/forms', 'timed out'), true)).toBe('sendFailed');
    expect(failureOf(new Error('boom'), true)).toBe('sendFailed');
  });
});
