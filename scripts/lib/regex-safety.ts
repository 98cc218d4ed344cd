/**
 * Whether a content `regex` rule's pattern is safe to run on a visitor's value. Build-time only,
 * so the checker stays out of the worker and browser bundles. redos-detector follows the paths
 * the engine could take, so it finds polynomial backtracking (a*a*b) as well as nested
 * repetition ((a+)+); a pattern it cannot read counts as unsafe.
 */
import { isSafePattern } from 'redos-detector';

export function isSafeRulePattern(pattern: string): boolean {
  // Patterns run with the `u` flag (app/validation/rules.ts).
  return isSafePattern(pattern, { unicode: true }).safe;
}
