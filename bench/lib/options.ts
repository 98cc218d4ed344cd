/** Command-line numbers for bench and load: checked at once, so a typo never starts a long run. */
import { fail } from '../../scripts/lib/cli';

export function numberOption(raw: unknown, name: string, min: number, max: number): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) fail(`--${name} must be a number from ${min} to ${max}`);
  return n;
}
