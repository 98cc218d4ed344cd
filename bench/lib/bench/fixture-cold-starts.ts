/** The fixture's cold starts (./cold-start.ts), each on a fresh workerd seeded as a publish leaves KV: for the bench and `--only cold-start`. */
import { CHROME_UA } from '../load-generator';
import { startRuntime } from '../workerd/runtime';
import { COLD_START_ROUNDS, measureColdStarts, type ColdStart } from './cold-start';
import { FIXTURE_PATH } from './fixture';
import type { FixtureRuntime } from './fixture-runtime';

export async function fixtureColdStarts(fixture: FixtureRuntime, step: (message: string) => void): Promise<ColdStart[]> {
  step(`cold start: ${COLD_START_ROUNDS} restarts of workerd, the first request to the site and to each render reference`);
  return measureColdStarts(
    COLD_START_ROUNDS,
    async () => {
      const fresh = await startRuntime(fixture.runtimeOptions);
      try {
        await fresh.putKv(fixture.published);
      } catch (err) {
        await fresh.stop();
        throw err;
      }
      return {
        siteUrl: fresh.urls.site + FIXTURE_PATH,
        minimalRenderUrl: fresh.urls.minimalRender! + FIXTURE_PATH,
        kvRenderUrl: fresh.urls.kvRender! + FIXTURE_PATH,
        stop: () => fresh.stop(),
      };
    },
    { 'user-agent': CHROME_UA },
  );
}
