/**
 * Small helpers the CLIs share: a command's options with their help, cleaning up on Ctrl-C, and
 * failing with a clear message. Every command answers `--help` (or `-h`) before doing any work,
 * and an unknown option names the closest known one.
 */
import { parseArgs } from 'node:util';
import { closestName } from '../../app/text/closest-name';

export interface OptionSpec {
  type: 'string' | 'boolean';
  default?: string | boolean;
  multiple?: boolean;
  /** one line for `--help` */
  description: string;
  /** what the value looks like in `--help` (`N`, `DIR`); strings only */
  value?: string;
}

export interface CommandSpec<T extends Record<string, OptionSpec>> {
  /** `npm run gc -- [--keep N] …` */
  usage: string;
  /** what the command does, a sentence or two */
  summary: string;
  options: T;
  /** one or more full command lines that work as written */
  examples: readonly string[];
  /** lines printed after the options (sub-commands, exit codes, where to read more) */
  notes?: readonly string[];
}

export function helpText(spec: CommandSpec<Record<string, OptionSpec>>): string {
  const rows = Object.entries(spec.options).map(([name, o]) => {
    const left = `--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`;
    const shownDefault = o.default === undefined || o.default === false ? '' : ` (default: ${String(o.default)})`;
    return [left, `${o.description}${shownDefault}`] as const;
  });
  rows.push(['--help, -h', 'print this help and exit']);
  const width = Math.max(...rows.map(([left]) => left.length));
  return [
    `usage: ${spec.usage}`,
    '',
    spec.summary,
    '',
    'options:',
    ...rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`),
    ...(spec.notes?.length ? ['', ...spec.notes] : []),
    '',
    spec.examples.length > 1 ? 'examples:' : 'example:',
    ...spec.examples.map((e) => `  ${e}`),
    '',
  ].join('\n');
}

/** `--help`/`-h` anywhere before a `--` that ends the options. */
export function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/** The one-line message for an option the command does not know, with the closest known one. */
export function unknownOptionMessage(raw: string, known: Iterable<string>, usage: string): string {
  const name = raw.replace(/^-+/, '').split('=')[0] ?? '';
  const suggestion = closestName(name, known);
  const hint = suggestion ? `; did you mean --${suggestion}?` : '';
  return `unknown option ${raw.split('=')[0]}${hint} (${usage.split(' -- ')[0]} -- --help lists the options)`;
}

type Parsed<T extends Record<string, OptionSpec>> = ReturnType<typeof parseArgs<{ options: T; allowPositionals: true; strict: true }>>;

/**
 * Parses the command line against `spec`: prints the help and exits 0 on `--help`, and fails in
 * one line (exit 1) on an unknown option or a missing value.
 */
export function command<T extends Record<string, OptionSpec>>(spec: CommandSpec<T>, args = process.argv.slice(2)): Parsed<T> {
  if (asksForHelp(args)) {
    process.stdout.write(helpText(spec));
    process.exit(0);
  }
  const options = Object.fromEntries(
    Object.entries(spec.options).map(([name, { description: _d, value: _v, ...o }]) => [name, o]),
  ) as unknown as T;
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    const e = err as Error & { code?: string };
    if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const raw = /'([^']+)'/.exec(e.message)?.[1] ?? e.message;
      fail(unknownOptionMessage(raw, Object.keys(spec.options), spec.usage));
    }
    fail(`${e.message.split('\n')[0]} (${spec.usage.split(' -- ')[0]} -- --help lists the options)`);
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
  local: { type: 'boolean', default: false, description: 'the local state `npm start` serves (the default)' },
  remote: { type: 'boolean', default: false, description: 'Cloudflare (needs CLOUDFLARE_API_TOKEN)' },
  env: { type: 'string', value: 'NAME', description: 'the wrangler.toml environment (production, preview)' },
  'persist-to': { type: 'string', value: 'DIR', description: "local state elsewhere than wrangler's default" },
} as const satisfies Record<string, OptionSpec>;

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
