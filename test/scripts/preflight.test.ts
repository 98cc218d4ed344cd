/** What `npm run deploy -- --dry-run` finds, from what it gathered: one line per problem. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { WORKER_UPLOAD_MAX_GZIP_BYTES } from '../../app/constants';
import { bindingsUsed, neededSecrets, preflight, type PreflightInput } from '../../scripts/lib/preflight';
import { parseWranglerToml, readWranglerToml } from '../../scripts/lib/wrangler-toml';
import { REPO_ROOT } from '../support/built-site';

const ENV_TYPES = readFileSync(join(REPO_ROOT, 'worker/env.d.ts'), 'utf8');
const repoConfig = readWranglerToml();
/** The repository's wrangler.toml with its placeholder ids filled in. */
const filledConfig = () =>
  parseWranglerToml(
    readFileSync(join(REPO_ROOT, 'wrangler.toml'), 'utf8').replace(/REPLACE_WITH_[A-Z0-9_]+/g, '0123456789abcdef0123456789abcdef'),
  );

function check(over: Partial<PreflightInput> = {}) {
  return preflight({
    env: 'production',
    config: filledConfig(),
    envTypes: ENV_TYPES,
    migrations: ['0001_form_entries.sql'],
    applied: ['0001_form_entries.sql'],
    secrets: [],
    secretsSet: [],
    uploadGzipBytes: 300 * 1024,
    ...over,
  });
}

describe('deploy preflight', () => {
  test('a ready environment has no problems and names what it checked', () => {
    const result = check();
    expect(result.problems).toEqual([]);
    expect(result.checked).toEqual([
      'placeholder ids in wrangler.toml',
      'bindings the worker uses',
      'D1 migrations applied',
      'secrets set',
      `upload size (300 KiB of ${WORKER_UPLOAD_MAX_GZIP_BYTES / 1024} KiB gzip)`,
    ]);
  });

  test('each placeholder id left in the environment is a problem naming its key and how to get the real one', () => {
    expect(check({ config: repoConfig }).problems).toEqual([
      'wrangler.toml env.production.kv_namespaces[0].id is still a placeholder (REPLACE_WITH_PRODUCTION_KV_NAMESPACE_ID): ' +
        'npx wrangler kv namespace create SITE_KV --env production, then put the id it prints here',
      'wrangler.toml env.production.d1_databases[0].database_id is still a placeholder (REPLACE_WITH_PRODUCTION_D1_DATABASE_ID): ' +
        'npx wrangler d1 create edge-site-forms, then put the id it prints here',
    ]);
  });

  test('a binding the worker uses but the environment lacks is a problem naming its section', () => {
    const config = filledConfig();
    delete config.env!.production!.queues;
    expect(check({ config }).problems).toEqual([
      'wrangler.toml [env.production] has no queues.producers binding FORMS_QUEUE, which the worker uses (Queue in worker/env.d.ts)',
    ]);
  });

  test('the static assets binding may come from the top level, which environments inherit', () => {
    expect(bindingsUsed(ENV_TYPES).get('ASSETS')).toBe('Fetcher');
    expect(filledConfig().env!.production!.assets).toBeUndefined();
    expect(check().problems).toEqual([]);
  });

  test('a migration on disk that D1 has not applied is a problem', () => {
    const result = check({ migrations: ['0001_form_entries.sql', '0002_more.sql'] });
    expect(result.problems).toEqual([expect.stringMatching(/^D1 migration 0002_more.sql is not applied to edge-site-forms yet/)]);
  });

  test('a secret the environment needs and Cloudflare does not have is a problem with the command to set it', () => {
    const result = check({ env: 'preview', secrets: ['PREVIEW_SHARE_SECRET', 'PREVIEW_TOKEN'], secretsSet: ['PREVIEW_TOKEN'] });
    expect(result.problems).toEqual(['secret PREVIEW_SHARE_SECRET is not set: npx wrangler secret put PREVIEW_SHARE_SECRET --env preview']);
  });

  test('without a token the remote checks are skipped, named with the secrets to set, never passed', () => {
    const result = check({ applied: null, secretsSet: null, secrets: ['WEBHOOK_SECRET_CRM'] });
    expect(result.skipped).toEqual([
      'D1 migrations applied on Cloudflare (needs CLOUDFLARE_API_TOKEN)',
      'secrets set on Cloudflare (needs CLOUDFLARE_API_TOKEN): WEBHOOK_SECRET_CRM',
    ]);
    expect(result.checked).not.toContain('D1 migrations applied');
    expect(result.problems).toEqual([]);
  });

  test("a worker over Cloudflare's upload limit is a problem", () => {
    const result = check({ uploadGzipBytes: WORKER_UPLOAD_MAX_GZIP_BYTES + 1024 });
    expect(result.problems).toEqual([expect.stringMatching(/^the worker is \d+ KiB gzip, over Cloudflare's \d+ KiB limit/)]);
  });
});

describe('the secrets an environment needs', () => {
  test('the preview environment needs the preview token and share secret', () => {
    expect(neededSecrets(repoConfig.env!.preview!, [])).toEqual(['PREVIEW_SHARE_SECRET', 'PREVIEW_TOKEN']);
  });

  test('production without a preview host needs only the webhooks’ signing secrets', () => {
    expect(neededSecrets(repoConfig.env!.production!, ['WEBHOOK_SECRET_CRM'])).toEqual(['WEBHOOK_SECRET_CRM']);
  });
});
