/**
 * `npm run preview-link -- /et/kontakt [--days 2] [--env preview] [--origin URL]`: prints a
 * share link that opens that one page of the draft, without the token, for 1 to 7 days (2 by
 * default). Rotating PREVIEW_SHARE_SECRET revokes every link. See scripts/lib/preview-link.ts.
 */
import { join } from 'node:path';
import { ROOT } from './lib/bundle';
import { command, fail } from './lib/cli';
import { readDevVars } from './lib/dev-vars';
import { previewLink, previewOriginFor, shareSecretFrom } from './lib/preview-link';
import { readWranglerToml } from './lib/wrangler-toml';

const { values, positionals } = command({
  usage: 'npm run preview-link -- PATH [--days N] [--env NAME] [--origin URL]',
  summary: "Print a share link that opens one page of the draft on the preview host, without the editors' token.",
  options: {
    days: { type: 'string', value: 'N', description: 'how long the link works, 1 to 7 days (default: 2)' },
    env: { type: 'string', value: 'NAME', description: 'the wrangler.toml environment whose preview host the link names' },
    origin: { type: 'string', value: 'URL', description: 'the preview host to link to, when not the one wrangler.toml names' },
  },
  examples: ['npm run preview-link -- /et/kontakt --days 3'],
  notes: ['Rotating PREVIEW_SHARE_SECRET revokes every link.'],
});

try {
  const devVars = await readDevVars(join(ROOT, '.dev.vars'));
  const link = await previewLink({
    path: positionals[0],
    days: values.days,
    origin: values.origin ?? previewOriginFor(readWranglerToml(), values.env),
    secret: shareSecretFrom(process.env, devVars, values.env),
    now: Date.now(),
  });
  process.stdout.write(`${link.url}\n`);
  process.stderr.write(`opens ${positionals[0]} until ${link.expiresAt}; rotate PREVIEW_SHARE_SECRET to revoke every link\n`);
} catch (err) {
  fail((err as Error).message);
}
