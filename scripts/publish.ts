/** `npm run publish [-- --local | --remote] [--env NAME]`: write dist/kv to Workers KV, pointer last. */
import { resolve } from 'node:path';
import { fail, flags } from './lib/cli';
import { publishBuild } from './lib/publish';

const { values } = flags({
  local: { type: 'boolean', default: false },
  remote: { type: 'boolean', default: false },
  env: { type: 'string' },
  'persist-to': { type: 'string' },
  dist: { type: 'string', default: 'dist' },
});
if (values.local && values.remote) fail('choose one of --local and --remote');
const mode = values.remote ? 'remote' : 'local';
if (mode === 'remote' && !process.env.CLOUDFLARE_API_TOKEN) {
  fail('publishing to remote KV needs CLOUDFLARE_API_TOKEN (see README, "Deploying")');
}

try {
  const { written } = await publishBuild(resolve(values.dist as string), {
    mode,
    env: values.env as string | undefined,
    persistTo: values['persist-to'] as string | undefined,
  });
  process.stdout.write(`published ${written} KV records to ${mode} KV (pointer last)\n`);
} catch (err) {
  fail((err as Error).message);
}
