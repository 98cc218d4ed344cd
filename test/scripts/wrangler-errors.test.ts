/**
 * A failed wrangler command stops a deploy with wrangler's own message in one line. The outputs
 * under wrangler-output/ were captured from this repository's wrangler: offline, and with a
 * token the API refuses (a local server answering as the API does, through CLOUDFLARE_API_BASE_URL).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { WranglerError } from '../../scripts/lib/wrangler';
import { wranglerFailureLine, wranglerMessage } from '../../scripts/lib/wrangler-errors';

const captured = (name: string) => readFileSync(join(import.meta.dirname, 'wrangler-output', `${name}.txt`), 'utf8');
const D1_APPLY = ['d1', 'migrations', 'apply', 'FORMS_DB', '--remote', '--env', 'production'];

describe("wrangler's message out of its output", () => {
  test('offline, the message is the unresolved API hostname, without the advice on DNS', () => {
    expect(wranglerMessage(captured('offline-d1-migrations-apply'))).toBe(
      "Unable to resolve Cloudflare's API hostname (api.cloudflare.com or dash.cloudflare.com).",
    );
  });

  test('with a bad token, the message is the failed request and the API answer with its code', () => {
    expect(wranglerMessage(captured('bad-token-d1-migrations-apply'))).toBe(
      'A request to the Cloudflare API (/accounts/0123456789abcdef0123456789abcdef/d1/database/REPLACE_WITH_PRODUCTION_D1_DATABASE_ID/query) failed. Invalid access token [code: 9109]',
    );
  });

  test('a bad token that cannot list accounts gives the headline alone', () => {
    expect(wranglerMessage(captured('bad-token-kv-key-list'))).toBe('Failed to automatically retrieve account IDs for the logged in user.');
  });

  test('output without an [ERROR] line gives its last line, not the pointer to the log file', () => {
    expect(wranglerMessage('working...\nsomething broke\n\n🪵  Logs were written to "/tmp/x.log"\n')).toBe('something broke');
  });

  test('empty output gives no message', () => {
    expect(wranglerMessage('\n  \n')).toBeNull();
  });

  test('the failure line names the sub-command, not its ids or flags', () => {
    expect(wranglerFailureLine(D1_APPLY, captured('offline-d1-migrations-apply'), 1)).toBe(
      "wrangler d1 migrations apply: Unable to resolve Cloudflare's API hostname (api.cloudflare.com or dash.cloudflare.com).",
    );
  });
});

describe('a failed wrangler command as the deploy reports it', () => {
  test.each(['offline-d1-migrations-apply', 'bad-token-d1-migrations-apply', 'bad-token-kv-key-list'])(
    'the error for %s is one line with no colour codes and no advice',
    (name) => {
      const { message } = new WranglerError(D1_APPLY, 1, captured(name));
      expect(message.split('\n')).toHaveLength(1);
      expect(message).not.toContain('\x1b');
      expect(message).not.toMatch(/Please check your network|open an issue|Logs were written/);
      expect(message).toBe(wranglerFailureLine(D1_APPLY, captured(name), 1));
    },
  );
});
