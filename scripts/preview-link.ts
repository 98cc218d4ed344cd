/**
 * `npm run preview-link -- /et/kontakt [--draft NAME] [--days 2] [--env preview] [--origin URL]`:
 * prints a share link that opens that one page of a draft, without the token, for 1 to 7 days
 * (2 by default). The page must be one of the draft's: the draft's build is read from KV (the
 * local preview's, or the environment's). Rotating PREVIEW_SHARE_SECRET revokes every link.
 * See scripts/lib/preview-link.ts.
 */
import { join } from 'node:path';
import { ROOT } from './lib/bundle';
import { command, fail, kvTargetFrom } from './lib/cli';
import { readDevVars } from './lib/dev-vars';
import { parseDraftName } from './lib/drafts';
import { withKv } from './lib/kv-client';
import { draftPages, localDraftOrigin, previewLink, previewOriginFor, shareSecretFrom } from './lib/preview-link';
import { localPreviewOrigin } from './lib/preview-link-local';
import { readWranglerToml } from './lib/wrangler-toml';

const { values, positionals } = command({
  usage: 'npm run preview-link -- PATH [--draft NAME] [--days N] [--env NAME] [--origin URL] [--persist-to DIR]',
  summary: "Print a share link that opens one page of a draft on the preview host, without the editors' token.",
  options: {
    draft: { type: 'string', value: 'NAME', description: 'the named draft whose page it opens (default: the unnamed draft)' },
    days: { type: 'string', value: 'N', description: 'how long the link works, 1 to 7 days (default: 2)' },
    env: {
      type: 'string',
      value: 'NAME',
      description: 'the wrangler.toml environment whose preview host the link names (reads its KV: needs CLOUDFLARE_API_TOKEN)',
    },
    origin: { type: 'string', value: 'URL', description: 'the preview host to link to, when not the one wrangler.toml names' },
    'persist-to': { type: 'string', value: 'DIR', description: "the local preview's state, elsewhere than wrangler's default" },
  },
  examples: ['npm run preview-link -- /et/kontakt --days 3', 'npm run preview-link -- /et/kontakt --draft spring-campaign --env preview'],
  notes: [
    "Without --env the link is for the npm run preview running on this machine, on its port; a named draft's at http://NAME.preview.localhost:PORT.",
    'Rotating PREVIEW_SHARE_SECRET revokes every link.',
  ],
});

try {
  const draft = values.draft === undefined ? null : parseDraftName(values.draft);
  const devVars = await readDevVars(join(ROOT, '.dev.vars'));
  const secret = shareSecretFrom(process.env, devVars, values.env);
  let origin = values.origin;
  if (origin === undefined && values.env !== undefined) origin = previewOriginFor(readWranglerToml(), values.env, draft);
  if (origin === undefined) {
    const local = await localPreviewOrigin(values['persist-to']);
    if (local.note) process.stderr.write(`note: ${local.note}\n`);
    // A named draft's link is on its own host of the running server, {name}.preview.localhost:PORT.
    origin = draft === null ? local.origin : localDraftOrigin(local.origin, draft);
  }
  // The local preview serves the preview environment's local KV; --env reads that environment's.
  const target =
    values.env === undefined
      ? { mode: 'local' as const, env: 'preview', persistTo: values['persist-to'] }
      : kvTargetFrom({ remote: true, env: values.env });
  const pages = () => withKv(target, (kv) => draftPages(kv, draft));
  const link = await previewLink({ path: positionals[0], days: values.days, origin, secret, now: Date.now(), draft, pages });
  process.stdout.write(`${link.url}\n`);
  process.stderr.write(`opens ${positionals[0]} until ${link.expiresAt}; rotate PREVIEW_SHARE_SECRET to revoke every link\n`);
} catch (err) {
  fail((err as Error).message);
}
