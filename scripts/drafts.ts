/**
 * `npm run drafts [-- delete NAME] [--local | --remote] [--env NAME]`: the drafts in KV (name,
 * build, published at and by, pages changed against the live build, URL), or delete a named
 * one. Locally, as `npm run publish -- --draft` writes, the preview environment's KV.
 * See scripts/lib/drafts.ts.
 */
import { KV_TARGET_FLAGS, command, fail, kvTargetFrom } from './lib/cli';
import { deleteDraft, listDrafts, type DraftSummary } from './lib/drafts';
import { withKv } from './lib/kv-client';
import { previewOriginFor } from './lib/preview-link';
import { SHARE_MAX_DAYS } from '../worker/preview/share';
import { readWranglerToml } from './lib/wrangler-toml';

const { values, positionals } = command({
  usage: 'npm run drafts -- [delete NAME] [--local | --remote] [--env NAME]',
  summary: 'List the drafts the preview host serves, with what each changes against the live site; or delete a named draft.',
  options: KV_TARGET_FLAGS,
  examples: ['npm run drafts', 'npm run drafts -- delete spring-campaign', 'npm run drafts -- --remote --env preview'],
  notes: [
    'delete NAME removes the draft (its URL then says there is no such draft); gc removes its build once nothing else uses it.',
    'gc also deletes drafts nobody has published for 30 days (npm run gc -- --draft-days N).',
  ],
});
const target = kvTargetFrom(values);
// Local drafts live where npm run preview reads them (npm run publish -- --draft writes there).
if (target.mode === 'local' && target.env === undefined) target.env = 'preview';

const [action, name, ...rest] = positionals;
if (rest.length > 0 || (action !== undefined && action !== 'delete') || (action === 'delete' && name === undefined))
  fail('usage: npm run drafts -- [delete NAME] [--local | --remote] [--env NAME]');

function urlOf(draft: DraftSummary): string {
  try {
    return previewOriginFor(readWranglerToml(), target.mode === 'local' ? undefined : target.env, draft.name);
  } catch {
    return '(no preview host)';
  }
}

try {
  if (action === 'delete') {
    const { build } = await withKv(target, (kv) => deleteDraft(kv, name!));
    process.stdout.write(`deleted the draft ${name} (build ${build ?? 'unknown'}); npm run gc removes the build once nothing uses it\n`);
  } else {
    const drafts = await withKv(target, listDrafts);
    if (drafts.length === 0) process.stdout.write('no drafts\n');
    for (const d of drafts) {
      const at = d.publishedAt === null ? 'published at: unknown' : `published ${new Date(d.publishedAt).toISOString()}`;
      const changed = d.changed === null ? 'pages changed: unknown' : `${d.changed.length} page(s) changed against live`;
      process.stdout.write(
        `${d.name ?? '(unnamed)'}  build ${d.build ?? 'unreadable'}  ${at} by ${d.publishedBy ?? 'unknown'}  ${changed}  ${urlOf(d)}\n`,
      );
      if (d.changed && d.changed.length > 0) process.stdout.write(`  changed: ${d.changed.join(' ')}\n`);
    }
    if (drafts.length > 0)
      process.stdout.write(
        `share links: not stored (signed, not recorded); each expires at most ${SHARE_MAX_DAYS} days after it was made, and rotating PREVIEW_SHARE_SECRET revokes them all\n`,
      );
  }
} catch (err) {
  fail((err as Error).message);
}
