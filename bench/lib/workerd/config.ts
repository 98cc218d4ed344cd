/**
 * The capnp config `workerd serve` runs for a bench or load run, as text (pure, so it can be
 * read and tested without starting anything). One workerd process holds:
 *
 *   socket    service        what
 *   site      site           the worker bundle with KV, the edge cache (in-memory) and ASSETS
 *   nocache   site-nocache   the same bundle and KV, but a Cache API service that stores nothing
 *   constant  constant       `new Response('ok')`: the runtime's ceiling on this machine
 *   edge      edge           Workers static assets first, then `site` (what a visitor reaches)
 *   kvAdmin   kv             the KV service itself, for seeding and publishing from Node
 *   d1Admin   d1             FORMS_DB's service, for migrating and counting entries from Node
 *
 * Both site instances have FORMS_DB (workerd's own D1 client over the `d1` helper, a Durable
 * Object's SQLite in the run's temp dir: workerd backs SQL only with a disk) and FORMS_QUEUE
 * (a `queue` binding whose far end, `forms-queue`, counts the messages and drops them:
 * delivery is not part of a load run).
 *
 * With reference workers (the bench), four more:
 *   savedHtml      saved-html       the site's page, fetched once from site-nocache, as bytes
 *   minimalRender  minimal-render   Hono + renderView of the same page, nothing else
 *   kvRender       kv-render        the same, reading the page from the site's KV first
 *   hitCalls       hit-calls        the page as a memory hit sends it, with the runtime calls a hit makes
 *
 * Every socket listens on 127.0.0.1 only: nothing here should be reachable from another host.
 */
import { join, relative, resolve } from 'node:path';
import type { WranglerSettings } from '../../../scripts/lib/wrangler-toml';
import type { StaticAssets } from './static-assets';

/** The helper workers the config names, copied next to it (capnp embeds relative paths). */
export const HELPER_WORKERS = [
  'constant.js',
  'kv.js',
  'cache.js',
  'no-cache.js',
  'assets.js',
  'saved-html.js',
  'hit-calls.js',
  'd1.js',
  'queue.js',
] as const;

export interface ReferenceWorkers {
  /** the bundled minimal-render worker */
  minimalRenderScript: string;
  /** the bundled kv-render worker (minimal-render reading the page from KV first) */
  kvRenderScript: string;
  /** the page minimal-render renders, passed to it as its CASE JSON binding */
  renderCase: unknown;
  /** the User-Agent saved-html and hit-calls send when they fetch the page from the site */
  userAgent: string;
}

/** Where the D1 helper's SQLite files go, inside the run's directory (which must hold it before start). */
export const D1_STORAGE_DIR = 'd1';

/** The reference workers' sockets, spelled once: the runtime gives each a port and a URL. */
export const REFERENCE_SOCKETS = ['savedHtml', 'minimalRender', 'kvRender', 'hitCalls'] as const;
export type ReferenceSocket = (typeof REFERENCE_SOCKETS)[number];
/** The service behind each reference socket. */
const REFERENCE_SERVICES: Record<ReferenceSocket, string> = {
  savedHtml: 'saved-html',
  minimalRender: 'minimal-render',
  kvRender: 'kv-render',
  hitCalls: 'hit-calls',
};
/** The sockets every run has (the table above), spelled once like the reference ones. */
export const RUN_SOCKETS = ['site', 'nocache', 'constant', 'edge', 'kvAdmin', 'd1Admin'] as const;
export type SocketName = (typeof RUN_SOCKETS)[number] | ReferenceSocket;
export type Ports = Record<Exclude<SocketName, ReferenceSocket>, number> & Partial<Record<ReferenceSocket, number>>;

export interface ConfigInput {
  /** the directory the config file and the helper workers are written to */
  dir: string;
  /** the worker bundle, absolute */
  scriptPath: string;
  publicDir: string;
  wrangler: WranglerSettings;
  /** text bindings of both site instances ([vars] with any overrides) */
  vars: Record<string, string>;
  assets: StaticAssets;
  ports: Ports;
  v8Flags: string[];
  references?: ReferenceWorkers;
}

const capnpString = (s: string) => JSON.stringify(s);

export function workerdConfig(opts: ConfigInput): string {
  // capnp `embed` paths are relative to the config file (an absolute one is looked up on the
  // import path instead); disk service paths are absolute.
  const embed = (file: string) => `embed ${capnpString(relative(opts.dir, file))}`;
  const helper = (name: string) => `(name = ${capnpString(name)}, esModule = ${embed(join(opts.dir, name))})`;
  const compat = `compatibilityDate = ${capnpString(opts.wrangler.compatibilityDate)}, compatibilityFlags = [${opts.wrangler.compatibilityFlags.map(capnpString).join(', ')}]`;
  const varsOf = (extra: Record<string, string>) =>
    Object.entries({ ...opts.vars, ...extra }).map(([name, value]) => `(name = ${capnpString(name)}, text = ${capnpString(value)})`);
  const siteWorker = (cacheService: string, extraVars: Record<string, string> = {}) => `(
      modules = [(name = "index.js", esModule = ${embed(opts.scriptPath)})],
      ${compat},
      bindings = [
        (name = "SITE_KV", kvNamespace = "kv"),
        (name = "FORMS_DB", wrapped = (moduleName = "cloudflare-internal:d1-api", innerBindings = [(name = "fetcher", service = "d1")])),
        (name = "FORMS_QUEUE", queue = "forms-queue"),
        (name = "ASSETS", service = "assets"),
        ${varsOf(extraVars).join(',\n        ')}
      ],
      cacheApiOutbound = ${capnpString(cacheService)},
    )`;
  const assetBindings = [
    `(name = "ASSET_PATHS", json = ${capnpString(JSON.stringify(opts.assets.paths))})`,
    `(name = "HEADER_RULES", json = ${capnpString(JSON.stringify(opts.assets.headerRules))})`,
    `(name = "DISK", service = "public-disk")`,
  ];
  const helperWorker = (module: string, bindings: string[] = []) =>
    `(modules = [${helper(module)}], ${compat}, bindings = [${bindings.join(', ')}])`;
  const socket = (name: SocketName, service: string) =>
    `(name = ${capnpString(name)}, address = "127.0.0.1:${opts.ports[name]}", http = (), service = ${capnpString(service)})`;
  const refs = opts.references;
  const renderCase = refs ? `(name = "CASE", json = ${capnpString(JSON.stringify(refs.renderCase))})` : '';
  const referenceServices = refs
    ? [
        `(name = "saved-html", worker = ${helperWorker('saved-html.js', ['(name = "SITE", service = "site-nocache")', `(name = "USER_AGENT", text = ${capnpString(refs.userAgent)})`])}),`,
        `(name = "minimal-render", worker = (modules = [(name = "minimal-render.js", esModule = ${embed(refs.minimalRenderScript)})], ${compat}, bindings = [${renderCase}])),`,
        `(name = "kv-render", worker = (modules = [(name = "kv-render.js", esModule = ${embed(refs.kvRenderScript)})], ${compat}, bindings = [${renderCase}, (name = "SITE_KV", kvNamespace = "kv")])),`,
        `(name = "hit-calls", worker = ${helperWorker('hit-calls.js', ['(name = "SITE", service = "site")', `(name = "USER_AGENT", text = ${capnpString(refs.userAgent)})`])}),`,
      ]
    : [];
  const referenceSockets = refs ? REFERENCE_SOCKETS.map((name) => `${socket(name, REFERENCE_SERVICES[name])},`) : [];

  return `# Generated by bench/lib/workerd/config.ts for one bench/load run.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "site", worker = ${siteWorker('cache')}),
    (name = "site-nocache", worker = ${siteWorker('no-cache', { EDGE_CACHE: 'off' })}),
    (name = "constant", worker = ${helperWorker('constant.js')}),
    (name = "kv", worker = ${helperWorker('kv.js')}),
    (name = "d1", worker = (modules = [${helper('d1.js')}], ${compat}, bindings = [(name = "DATABASE", durableObjectNamespace = "Database")], durableObjectNamespaces = [(className = "Database", uniqueKey = "edge-site-bench-d1", enableSql = true)], durableObjectStorage = (localDisk = "d1-storage"))),
    (name = "d1-storage", disk = (path = ${capnpString(join(opts.dir, D1_STORAGE_DIR))}, writable = true)),
    (name = "forms-queue", worker = ${helperWorker('queue.js')}),
    (name = "cache", worker = ${helperWorker('cache.js')}),
    (name = "no-cache", worker = ${helperWorker('no-cache.js')}),
    (name = "assets", worker = ${helperWorker('assets.js', assetBindings)}),
    (name = "edge", worker = ${helperWorker('assets.js', [...assetBindings, '(name = "SITE", service = "site")'])}),
    (name = "public-disk", disk = (path = ${capnpString(resolve(opts.publicDir))}, writable = false)),
    ${referenceServices.join('\n    ')}
  ],
  sockets = [
    ${socket('site', 'site')},
    ${socket('nocache', 'site-nocache')},
    ${socket('constant', 'constant')},
    ${socket('edge', 'edge')},
    ${socket('kvAdmin', 'kv')},
    ${socket('d1Admin', 'd1')},
    ${referenceSockets.join('\n    ')}
  ],
  v8Flags = [${opts.v8Flags.map(capnpString).join(', ')}],
);
`;
}
