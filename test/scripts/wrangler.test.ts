/** A failing wrangler call, as a command prints it: wrangler's own reason, in one line. */
import { describe, expect, test } from 'vitest';
import { WranglerError } from '../../scripts/lib/wrangler';
import { wranglerMessage } from '../../scripts/lib/wrangler-errors';

/** What `wrangler d1 migrations apply NOPE_DB --local` printed, colours and frame included. */
const FRAMED = [
  '',
  ' ⛅️ wrangler 4.86.0 (update available 4.164.0)',
  '─'.repeat(40),
  'Resource location: local ',
  '',
  'Use --remote if you want to access the remote instance.',
  '',
  "\u001b[31m✘ \u001b[41;31m[\u001b[41;97mERROR\u001b[41;31m]\u001b[0m \u001b[1mCouldn't find a D1 DB with the name or binding 'NOPE_DB' in your wrangler.toml file.\u001b[0m",
  '',
  '',
].join('\n');

describe('wranglerMessage', () => {
  test("is the text of wrangler's error box, without colours or frame", () => {
    expect(wranglerMessage(FRAMED)).toBe("Couldn't find a D1 DB with the name or binding 'NOPE_DB' in your wrangler.toml file.");
  });

  test('joins a heading ending in a colon with the line that says what', () => {
    const output =
      '✘ [ERROR] A request to the Cloudflare API failed:\n\n  Authentication error [code: 10000]\n\nIf you think this is a bug…';
    expect(wranglerMessage(output)).toBe('A request to the Cloudflare API failed: Authentication error [code: 10000]');
  });

  test('is the last line when wrangler printed no error box', () => {
    expect(wranglerMessage('starting\nsegfault in workerd\n')).toBe('segfault in workerd');
  });
});

test("a failed wrangler call's message is one line naming the command and the reason", () => {
  const error = new WranglerError(['d1', 'migrations', 'apply', 'NOPE_DB', '--local'], 1, FRAMED);
  expect(error.message).toBe(
    "wrangler d1 migrations apply: Couldn't find a D1 DB with the name or binding 'NOPE_DB' in your wrangler.toml file.",
  );
});
