/** Small helpers the CLIs share: flags and failing with a clear message. */
import { parseArgs } from 'node:util';

export function flags<T extends Record<string, { type: 'string' | 'boolean'; default?: string | boolean }>>(options: T, args = process.argv.slice(2)) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    fail((err as Error).message);
  }
}

export function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
}
