/**
 * Runs a built worker under plain `workerd serve` (no wrangler, no Miniflare, no Node proxy in
 * the request path), for the bench and the load test.
 *
 * Plain workerd has no KV and no Cache API storage of its own; both are services you wire in.
 * This module writes a capnp config (into a temp dir, next to small helper workers from
 * ./workers/) with, in one workerd process:
 *
 *   socket    service        what
 *   site      site           the worker bundle with KV, the edge cache (in-memory) and ASSETS
 *   nocache   site-nocache   the same bundle and KV, but a Cache API service that stores nothing
 *   constant  constant       `new Response('ok')`: the runtime's ceiling on this machine
 *   edge      edge           Workers static assets first, then `site` (what a visitor reaches)
 *   kvAdmin   kv             the KV service itself, for seeding and publishing from Node
 *
 * With `references` (./references.ts), two more sockets serve the bench's reference workers:
 *   savedHtml      saved-html       the site's page, fetched once from site-nocache, as bytes
 *   minimalRender  minimal-render   Hono + renderView of the same page, nothing else
 *
 * All sockets listen on 127.0.0.1 only. V8 starts with its young generation at full size
 * (STEADY_STATE_V8_FLAGS, below). workerd runs in its own process group and stop() ends the
 * group; an exit hook kills it too if the caller dies without stopping.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KvRecord } from '../kv-cli';
import { ROOT } from '../bundle';
import type { References } from './references';

export const WORKERD_BIN = join(ROOT, 'node_modules/.bin/workerd');
const HELPERS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'workers');

export interface WranglerSettings {
  compatibilityDate: string;
  compatibilityFlags: string[];
  /** top-level [vars], as text bindings */
  vars: Record<string, string>;
}

/** The settings of wrangler.toml that decide how workerd runs the worker (top level only). */
export function readWranglerSettings(toml: string): WranglerSettings {
  const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  if (!compatibilityDate) throw new Error('wrangler.toml has no compatibility_date');
  const flags = /^compatibility_flags\s*=\s*\[([^\]]*)\]/m.exec(toml)?.[1] ?? '';
  const compatibilityFlags = [...flags.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  // The top-level [vars] table: from its header to the next table header.
  const varsBlock = /^\[vars\]\s*$([\s\S]*?)(?=^\[)/m.exec(toml + '\n[')?.[1] ?? '';
  const vars: Record<string, string> = {};
  for (const m of varsBlock.matchAll(/^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*"([^"]*)"/gm)) vars[m[1]!] = m[2]!;
  return { compatibilityDate, compatibilityFlags, vars };
}

export interface StaticAssets {
  /** URL paths of every file (not `_headers` / `_redirects`, which Cloudflare never serves) */
  paths: string[];
  headerRules: { pattern: string; headers: Record<string, string> }[];
}

/** Parses a `_headers` file: an unindented URL pattern, then indented `Name: value` lines. */
export function parseHeadersFile(text: string): StaticAssets['headerRules'] {
  const rules: StaticAssets['headerRules'] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} });
      continue;
    }
    const i = line.indexOf(':');
    const rule = rules.at(-1);
    if (rule && i > 0) rule.headers[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return rules;
}

export async function readStaticAssets(publicDir: string): Promise<StaticAssets> {
  const entries = await readdir(publicDir, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((e) => e.isFile())
    .map((e) => '/' + relative(publicDir, join(e.parentPath, e.name)).split('\\').join('/'))
    .filter((p) => p !== '/_headers' && p !== '/_redirects');
  const headersText = await readFile(join(publicDir, '_headers'), 'utf8').catch(() => '');
  return { paths, headerRules: parseHeadersFile(headersText) };
}

/** A free TCP port on 127.0.0.1 (asked of the OS; workerd binds it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

const capnpString = (s: string) => JSON.stringify(s);

export interface RuntimeOptions {
  /** the worker bundle to run (the file `wrangler deploy --dry-run` wrote) */
  scriptPath: string;
  /** the build's static assets directory (dist/public) */
  publicDir: string;
  wrangler: WranglerSettings;
  /** overrides of [vars] */
  vars?: Record<string, string>;
  /** V8 flags for every isolate; default STEADY_STATE_V8_FLAGS */
  v8Flags?: string[];
  /** `host:port` for workerd's inspector (Chrome DevTools protocol), to profile the worker */
  inspectorAddress?: string;
  /** run the reference workers too (the bench) */
  references?: References;
}

/**
 * V8 grows an isolate's young generation step by step while it allocates: a fresh workerd's
 * RSS under load climbs for 30-50 s on this machine (a constant worker alone from ~110 to
 * ~550 MB, then flat). Starting with the semi-spaces at the size they grow to (measured:
 * --min=--max=32 MB reaches the same ~550-600 MB plateau in 2-4 s) puts every measurement at
 * steady state: the first bench runs are not slowed by heap growth, and the load test's
 * memory check sees retention, not heap sizing.
 */
export const STEADY_STATE_V8_FLAGS = ['--min-semi-space-size=32', '--max-semi-space-size=32'];

export interface Runtime {
  urls: { site: string; nocache: string; constant: string; edge: string; savedHtml?: string; minimalRender?: string };
  pid: number;
  /** Writes KV records in order (records first, pointer last is the caller's order to keep). */
  putKv(records: KvRecord[]): Promise<void>;
  /** Resident memory of the workerd process, in bytes (from /proc). */
  rss(): Promise<number>;
  /**
   * CPU time (user + system) the workerd process has used, ms (from /proc, 10 ms ticks).
   * Per request, it is less at the mercy of other work on the machine than req/s.
   */
  cpuMs(): Promise<number>;
  /** The last lines workerd wrote to stderr (errors and warnings), for failure messages. */
  stderrTail(): string;
  stop(): Promise<void>;
}

function configText(opts: {
  dir: string;
  scriptPath: string;
  publicDir: string;
  wrangler: WranglerSettings;
  vars: Record<string, string>;
  assets: StaticAssets;
  ports: Record<'site' | 'nocache' | 'constant' | 'edge' | 'kvAdmin', number> & { savedHtml?: number; minimalRender?: number };
  v8Flags: string[];
  references?: References;
}): string {
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
  const socket = (name: keyof typeof opts.ports, service: string) =>
    `(name = ${capnpString(name)}, address = "127.0.0.1:${opts.ports[name]}", http = (), service = ${capnpString(service)})`;
  const refs = opts.references;
  const referenceServices = refs
    ? [
        `(name = "saved-html", worker = ${helperWorker('saved-html.js', ['(name = "SITE", service = "site-nocache")', `(name = "USER_AGENT", text = ${capnpString(refs.userAgent)})`])}),`,
        `(name = "minimal-render", worker = (modules = [(name = "minimal-render.js", esModule = ${embed(refs.minimalRenderScript)})], ${compat}, bindings = [(name = "CASE", json = ${capnpString(JSON.stringify(refs.renderCase))})])),`,
      ]
    : [];
  const referenceSockets = refs ? [`${socket('savedHtml', 'saved-html')},`, `${socket('minimalRender', 'minimal-render')},`] : [];

  return `# Generated by scripts/lib/perf/runtime.ts for one bench/load run.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "site", worker = ${siteWorker('cache')}),
    (name = "site-nocache", worker = ${siteWorker('no-cache', { EDGE_CACHE: 'off' })}),
    (name = "constant", worker = ${helperWorker('constant.js')}),
    (name = "kv", worker = ${helperWorker('kv.js')}),
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
    ${referenceSockets.join('\n    ')}
  ],
  v8Flags = [${opts.v8Flags.map(capnpString).join(', ')}],
);
`;
}

const STDERR_TAIL_CHARS = 16_000;
/** USER_HZ: the unit of /proc/<pid>/stat CPU times (100 on every Linux this runs on). */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;
const READY_TIMEOUT_MS = 20_000;
/** KV records per bulk request: keeps each request body a few MB at most. */
const KV_BULK_CHUNK = 500;

export async function startRuntime({
  scriptPath,
  publicDir,
  wrangler,
  vars = {},
  v8Flags = STEADY_STATE_V8_FLAGS,
  inspectorAddress,
  references,
}: RuntimeOptions): Promise<Runtime> {
  const dir = await mkdtemp(join(tmpdir(), 'edge-site-workerd-'));
  let child: ChildProcess | undefined;
  const killGroup = (signal: NodeJS.Signals) => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
  };
  // Last resort if the caller crashes before stop(): never leave a workerd behind.
  const onExit = () => killGroup('SIGKILL');
  process.on('exit', onExit);

  try {
    for (const f of ['constant.js', 'kv.js', 'cache.js', 'no-cache.js', 'assets.js', 'saved-html.js'])
      await copyFile(join(HELPERS_DIR, f), join(dir, f));
    const ports = {
      site: await freePort(),
      nocache: await freePort(),
      constant: await freePort(),
      edge: await freePort(),
      kvAdmin: await freePort(),
      ...(references ? { savedHtml: await freePort(), minimalRender: await freePort() } : {}),
    };
    const assets = await readStaticAssets(publicDir);
    const configPath = join(dir, 'config.capnp');
    await writeFile(
      configPath,
      configText({
        dir,
        scriptPath: resolve(scriptPath),
        publicDir,
        wrangler,
        vars: { ...wrangler.vars, ...vars },
        assets,
        ports,
        v8Flags,
        references,
      }),
    );

    // stdout carries the worker's one-line-per-request log: under load that is megabytes, and
    // reading it would put Node on the cores being measured, so it goes to /dev/null.
    // stderr (errors, warnings) is kept, bounded, for failure messages.
    const inspector = inspectorAddress ? [`--inspector-addr=${inspectorAddress}`] : [];
    child = spawn(WORKERD_BIN, ['serve', configPath, ...inspector], { cwd: dir, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-STDERR_TAIL_CHARS);
    });
    const exited = new Promise<void>((res) => child!.once('exit', () => res()));
    const spawned = child;

    const url = (port: number) => `http://127.0.0.1:${port}`;
    const urls = {
      site: url(ports.site),
      nocache: url(ports.nocache),
      constant: url(ports.constant),
      edge: url(ports.edge),
      ...(ports.savedHtml && ports.minimalRender ? { savedHtml: url(ports.savedHtml), minimalRender: url(ports.minimalRender) } : {}),
    };

    // Ready when every socket answers; bounded, and fails at once if workerd exits.
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (const port of Object.values(ports)) {
      for (;;) {
        if (spawned.exitCode !== null || spawned.signalCode !== null) throw new Error(`workerd exited during start-up:\n${stderr}`);
        if (Date.now() > deadline) throw new Error(`workerd did not listen on 127.0.0.1:${port} within ${READY_TIMEOUT_MS} ms:\n${stderr}`);
        const ok = await fetch(url(port) + '/_app/health', { signal: AbortSignal.timeout(1000) }).then(
          (r) => (r.body?.cancel(), true),
          () => false,
        );
        if (ok) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    let stopped = false;
    return {
      urls,
      pid: spawned.pid!,
      async putKv(records) {
        for (let i = 0; i < records.length; i += KV_BULK_CHUNK) {
          const res = await fetch(url(ports.kvAdmin) + '/_bulk', {
            method: 'POST',
            body: JSON.stringify(records.slice(i, i + KV_BULK_CHUNK)),
          });
          if (!res.ok) throw new Error(`KV bulk write failed: ${res.status} ${await res.text()}`);
          await res.body?.cancel();
        }
      },
      async rss() {
        const status = await readFile(`/proc/${spawned.pid}/status`, 'utf8');
        const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
        if (!Number.isFinite(kb)) throw new Error(`no VmRSS for workerd (pid ${spawned.pid})`);
        return kb * 1024;
      },
      async cpuMs() {
        const stat = await readFile(`/proc/${spawned.pid}/stat`, 'utf8');
        // Fields after the parenthesised command name (which may hold spaces): utime is the
        // 14th field overall, stime the 15th.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
      },
      stderrTail: () => stderr,
      async stop() {
        if (stopped) return;
        stopped = true;
        killGroup('SIGTERM');
        const timer = setTimeout(() => killGroup('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
        process.off('exit', onExit);
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    killGroup('SIGKILL');
    process.off('exit', onExit);
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
