/**
 * Whether a content `regex` rule's pattern is safe to run on a visitor's value. Build-time only,
 * so the checker stays out of the worker and browser bundles. redos-detector follows the paths
 * the engine could take, so it finds polynomial backtracking (a*a*b) as well as nested
 * repetition ((a+)+); a pattern it cannot read counts as unsafe, and is named as such.
 */
import { isSafePattern } from 'redos-detector';

export type PatternVerdict =
  { safe: true } | { safe: false; reason: 'backtracking' } | { safe: false; reason: 'unreadable'; detail: string };

/**
 * The pattern with each named group `(?<name>…)` written as a plain group `(…)`. The name only
 * labels the group, so the automaton and its backtracking stay the same; redos-detector's
 * parser does not read names. Lookbehinds `(?<=`, `(?<!`, escapes and character classes are
 * left alone; a named backreference `\k<name>` is left too, so such a pattern stays unreadable.
 */
export function withPlainGroups(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      out += pattern.slice(i, i + 2);
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
    } else if (pattern.startsWith('(?<', i) && !'=!'.includes(pattern[i + 3] ?? '=')) {
      const close = pattern.indexOf('>', i + 3);
      if (close === -1) return pattern;
      out += '(';
      i = close;
    } else {
      out += c;
    }
  }
  return out;
}

export function checkRulePattern(pattern: string): PatternVerdict {
  try {
    // Patterns run with the `u` flag (app/validation/rules.ts).
    const result = isSafePattern(withPlainGroups(pattern), { unicode: true });
    if (result.safe) return { safe: true };
    // hitMaxScore: it found more ways to match than allowed, which is the backtracking itself;
    // a step or time limit means it gave up before reading the whole pattern.
    if (result.error === 'hitMaxScore') return { safe: false, reason: 'backtracking' };
    return { safe: false, reason: 'unreadable', detail: `the check gave up (${result.error})` };
  } catch (err) {
    // Its parser's message starts with the position it stopped at, then quotes the pattern on more lines.
    const detail = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.trim();
    return { safe: false, reason: 'unreadable', detail: detail || 'its parser failed' };
  }
}

export function isSafeRulePattern(pattern: string): boolean {
  return checkRulePattern(pattern).safe;
}
