/**
 * What `npm run deploy` does for an environment: which worker (with its own static assets) it
 * uploads, and which pointer it publishes. Each wrangler environment is a worker of its own
 * with its own assets, so the draft's media go only where the draft is deployed: a draft may be
 * deployed to a preview environment (PREVIEW_MODE = "true") only, and a preview environment
 * only ever publishes the draft pointer. `wrangler deploy --env production` with a draft's
 * content would put the draft's media on the live host, where anyone can fetch them.
 */
import type { WranglerToml } from './wrangler-toml';

export interface DeployPlan {
  /** the wrangler environment deployed: its worker and its static assets */
  env: string;
  /** the pointer the build is published as */
  channel: 'live' | 'draft';
}

export function deployPlan(config: WranglerToml, env: string, { draft }: { draft: boolean }): DeployPlan {
  const environment = config.env?.[env];
  if (!environment) throw new Error(`wrangler.toml has no environment "${env}" (it has: ${Object.keys(config.env ?? {}).join(', ')})`);
  const previewEnv = environment.vars?.PREVIEW_MODE === 'true';
  if (draft && !previewEnv)
    throw new Error(
      `a draft deploys to a preview environment only (npm run deploy -- --env preview --draft): ` +
        `deploying it to "${env}" would upload the draft's media to that worker's public static assets`,
    );
  return { env, channel: previewEnv ? 'draft' : 'live' };
}
