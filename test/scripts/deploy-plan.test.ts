/** Where `npm run deploy` puts a build: a draft's media reach the preview worker's assets only. */
import { describe, expect, test } from 'vitest';
import { deployPlan } from '../../scripts/lib/deploy-plan';
import { readWranglerToml } from '../../scripts/lib/wrangler-toml';

const config = readWranglerToml();

describe('the deploy plan', () => {
  test('a draft deploys the preview worker (with the draft’s media in its assets) and publishes the draft pointer', () => {
    expect(deployPlan(config, 'preview', { draft: true })).toEqual({ env: 'preview', channel: 'draft' });
  });

  test('a draft is never deployed to production, whose assets the live host serves to anyone', () => {
    expect(() => deployPlan(config, 'production', { draft: true })).toThrow(
      /a draft deploys to a preview environment only .* would upload the draft's media/,
    );
  });

  test('production publishes the live pointer', () => {
    expect(deployPlan(config, 'production', { draft: false })).toEqual({ env: 'production', channel: 'live' });
  });

  test('the preview environment publishes only the draft pointer, even without --draft', () => {
    expect(deployPlan(config, 'preview', { draft: false }).channel).toBe('draft');
  });

  test('an environment wrangler.toml does not have is refused', () => {
    expect(() => deployPlan(config, 'staging', { draft: false })).toThrow('wrangler.toml has no environment "staging"');
  });
});
