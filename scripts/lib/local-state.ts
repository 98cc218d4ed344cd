/**
 * The local KV namespaces and D1 databases of a wrangler.toml environment, opened in one
 * workerd through Miniflare, in the files `wrangler dev --persist-to DIR` reads: Miniflare's
 * `defaultPersistRoot` at `{DIR}/v3`, and each binding under the id wrangler dev gives it
 * (a KV namespace's `preview_id` or `id`, a database's `preview_database_id` or `database_id`;
 * read in wrangler 4.86.0's kvNamespaceEntry and d1DatabaseEntry). This is what wrangler's
 * getPlatformProxy opens, without loading wrangler: its module takes about 2.5 CPU-seconds to
 * load, which every local publish, migration and CLI call paid (and every `npm start` twice).
 * The e2e tests hold the two to the same files: `npm start` publishes and migrates here, then
 * `wrangler dev` serves what it wrote.
 */
import { join } from 'node:path';
import type { Miniflare } from 'miniflare';
import { ROOT } from './bundle';
import { KV_BULK_WORKER, kvBulkWriter, type KvBulkDispatch, type KvBulkWriter } from './kv-bulk';
import { readWranglerToml, WRANGLER_TOML, type WranglerToml } from './wrangler-toml';

/** Where local state lives when `--persist-to` is not given: wrangler's own default. */
export const DEFAULT_PERSIST_TO = join(ROOT, '.wrangler/state');

export interface LocalStateOptions {
  /** a wrangler.toml environment (its bindings only: wrangler does not inherit them); undefined: the top level */
  env?: string;
  /** `--persist-to`; undefined: wrangler's default, .wrangler/state */
  persistTo?: string;
  /** another wrangler.toml, e.g. a build's copy; undefined: the repository's */
  config?: string;
}

export interface LocalState<Env> {
  env: Env;
  /** batched writes to the KV namespace bound as `binding` (scripts/lib/kv-bulk.ts) */
  kvBulk(binding: string): KvBulkWriter;
  dispose: () => Promise<void>;
}

/** The bindings of the top level or of one environment. */
export type EnvironmentBindings = Pick<WranglerToml, 'kv_namespaces' | 'd1_databases'>;

/** The environment's own bindings, as wrangler reads them: an environment inherits none from the top level. */
export function bindingsOf(config: WranglerToml, env: string | undefined, source: string): EnvironmentBindings {
  if (env === undefined) return config;
  const own = config.env?.[env];
  if (!own) throw new Error(`${source} has no [env.${env}]`);
  return own;
}

/** The Miniflare bindings of the environment, keyed by the ids wrangler dev stores them under. */
export function localBindingIds(config: WranglerToml, env?: string, source = 'wrangler.toml') {
  const { kv_namespaces = [], d1_databases = [] } = bindingsOf(config, env, source);
  return {
    kvNamespaces: Object.fromEntries(kv_namespaces.map((kv) => [kv.binding, String(kv.preview_id ?? kv.id)])),
    d1Databases: Object.fromEntries(d1_databases.map((db) => [db.binding, String(db.preview_database_id ?? db.database_id)])),
  };
}

/**
 * Opens the environment's KV and D1 in local state; `dispose` stops the workerd. The bindings are
 * typed by the caller, as with getPlatformProxy (scripts build without the Workers types).
 */
export async function openLocalState<Env>({ env, persistTo, config }: LocalStateOptions = {}): Promise<LocalState<Env>> {
  const source = config ?? WRANGLER_TOML;
  const toml = readWranglerToml(source);
  const ids = localBindingIds(toml, env, config ?? 'wrangler.toml');
  return openMiniflare<Env>({
    compatibilityDate: toml.compatibility_date,
    defaultPersistRoot: join(persistTo ?? DEFAULT_PERSIST_TO, 'v3'),
    ...ids,
  });
}

/** KV namespaces and D1 databases by binding name, in one workerd; loaded only when a command opens local state. */
export async function openMiniflare<Env>(options: {
  compatibilityDate: string;
  defaultPersistRoot: string;
  kvNamespaces?: Record<string, string>;
  d1Databases?: Record<string, string>;
}): Promise<LocalState<Env>> {
  const { Miniflare } = await import('miniflare');
  const mf: Miniflare = new Miniflare({ modules: true, script: KV_BULK_WORKER, ...options });
  const bindings = await mf.getBindings();
  const dispatch: KvBulkDispatch = (url, init) => mf.dispatchFetch(url, init);
  return { env: bindings as Env, kvBulk: (binding) => kvBulkWriter(dispatch, binding), dispose: () => mf.dispose() };
}

/**
 * One binding of the environment's local state; refused by name when the environment has no such
 * binding. `bulk` writes to it in batches when it is a KV namespace (kv-local.ts's LocalNamespace).
 */
export async function openLocalBinding<B>(
  name: string,
  options: LocalStateOptions = {},
): Promise<{ binding: B; bulk: KvBulkWriter; dispose: () => Promise<void> }> {
  const state = await openLocalState<Record<string, B | undefined>>(options);
  const binding = state.env[name];
  if (binding === undefined) {
    await state.dispose();
    throw new Error(`${options.config ?? 'wrangler.toml'} has no ${name} binding${options.env ? ` in [env.${options.env}]` : ''}`);
  }
  return { binding, bulk: state.kvBulk(name), dispose: state.dispose };
}
