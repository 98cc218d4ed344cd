/** Small helpers the CLIs share: flags, cleaning up on Ctrl-C, and failing with a clear message. */
import { parseArgs } from 'node:util';

export function flags<T extends Record<string, { type: 'string' | 'boolean'; default?: string | boolean }>>(
  options: T,
  args = process.argv.slice(2),
) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    fail((err as Error).message);
  }
}

/** Ctrl-C or a kill runs `cleanup` (stop servers, remove temp dirs) before the process exits 130. */
export function cleanUpOnSignals(cleanup: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  }
}

export function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
}

/** The flags every KV command takes: where the KV is. */
export const KV_TARGET_FLAGS = {
  local: { type: 'boolean', default: false },
  remote: { type: 'boolean', default: false },
  env: { type: 'string' },
  'persist-to': { type: 'string' },
} as const;

export function kvTargetFrom(values: Record<string, string | boolean | undefined>): {
  mode: 'local' | 'remote';
  env?: string;
  persistTo?: string;
} {
  if (values.local && values.remote) fail('choose one of --local and --remote');
  const mode = values.remote ? 'remote' : 'local';
  if (mode === 'remote' && !process.env.CLOUDFLARE_API_TOKEN) {
    fail('CLOUDFLARE_API_TOKEN is not set: remote KV and deploys need an API token (see README, "Deploying")');
  }
  return { mode, env: values.env as string | undefined, persistTo: values['persist-to'] as string | undefined };
}
