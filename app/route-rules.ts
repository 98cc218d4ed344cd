/**
 * Route rules (site.json `routeRules`), compiled at build time into a JSON matcher that the
 * worker and the client both evaluate with `matchRouteRules`, so the edge and in-app
 * navigation always agree.
 *
 * Patterns follow Nitro: `*` is one segment, `**` any number of segments (zero included).
 * Every matching rule applies; where two set the same key, the more specific pattern wins.
 */
import type { RouteRule } from './content/schema';
import { anchoredPath, isHttpUrl, isInternalPath } from './urls';

// Kept free of zod (types only): the browser bundle evaluates the matcher too.
// The schema of a compiled matcher lives with the manifest in build-records.ts.
export type MatchedRules = RouteRule;
export interface CompiledRule {
  pattern: string;
  segments: string[];
  rule: RouteRule;
}
export interface RouteMatcher {
  rules: CompiledRule[];
}

export const DEFAULT_REDIRECT_STATUS = 307;

function segmentsOf(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/** Higher is more specific: static segments count most, then single-segment wildcards. */
function specificity(segments: string[]): number {
  let score = 0;
  for (const s of segments) score += s === '**' ? 0 : s === '*' ? 100 : 10_000;
  return score + segments.length;
}

export function compileRouteRules(rules: Record<string, MatchedRules>): RouteMatcher {
  const compiled = Object.entries(rules).map(([pattern, rule]) => ({ pattern, segments: segmentsOf(pattern), rule }));
  // Least specific first, so merging in order lets the most specific pattern win.
  compiled.sort((a, b) => specificity(a.segments) - specificity(b.segments) || a.pattern.localeCompare(b.pattern));
  return { rules: compiled };
}

/** The segments `**` stood for, or null when the pattern does not match. */
function matchSegments(pattern: string[], path: string[]): string[] | null {
  const wild = pattern.indexOf('**');
  const head = wild === -1 ? pattern : pattern.slice(0, wild);
  if (wild === -1 ? path.length !== head.length : path.length < head.length) return null;
  for (let i = 0; i < head.length; i++) {
    if (head[i] !== '*' && head[i] !== path[i]) return null;
  }
  return wild === -1 ? [] : path.slice(head.length);
}

export interface RouteDecision {
  rule: MatchedRules;
  /** The `**` remainder of the most specific matching redirect rule. */
  redirectRest: string[];
}

export function matchRouteRules(matcher: RouteMatcher, path: string): RouteDecision {
  const parts = segmentsOf(path);
  const merged: MatchedRules = {};
  let redirectRest: string[] = [];
  for (const { segments, rule } of matcher.rules) {
    const rest = matchSegments(segments, parts);
    if (rest === null) continue;
    if (rule.redirect !== undefined) {
      merged.redirect = rule.redirect;
      redirectRest = rest;
    }
    if (rule.headers) merged.headers = { ...merged.headers, ...rule.headers };
    if (rule.cache) merged.cache = { ...merged.cache, ...rule.cache };
    if (rule.prerender !== undefined) merged.prerender = rule.prerender;
  }
  return { rule: merged, redirectRest };
}

export interface Redirect {
  location: string;
  status: number;
  external: boolean;
}

/**
 * The redirect a request path gets, if any. The target comes from the rule; the request only
 * fills in the `**` remainder and the query string, so no request can turn a rule into a
 * redirect to a host the rule does not name, nor climb out of an internal target's prefix.
 */
export function redirectFor({ rule, redirectRest }: RouteDecision, search = ''): Redirect | null {
  if (!rule.redirect) return null;
  const { to, statusCode } = typeof rule.redirect === 'string' ? { to: rule.redirect, statusCode: undefined } : rule.redirect;
  const status = statusCode ?? DEFAULT_REDIRECT_STATUS;
  let location = to;
  if (to.endsWith('/**')) {
    const rest = redirectRest
      .map(restSegment)
      .filter((s) => s !== null)
      .join('/');
    location = to.slice(0, -3) + (rest ? `/${rest}` : '');
  }
  if (search && search !== '?') location += (location.includes('?') ? '&' : '?') + search.replace(/^\?/, '');
  // An internal target stays a path on this origin whatever the request added: `/**` with
  // nothing left is `/`, and a Location never starts `//` or `/\` (which browsers read as a host).
  if (isInternalPath(to)) return { location: anchoredPath(location), status, external: false };
  return isHttpUrl(location) ? { location, status, external: true } : null;
}

/**
 * One `**` segment as it goes into the target, encoded. The client matches encoded pathnames
 * and the worker decoded ones, so a segment is decoded once more before encoding, which leaves
 * plain segments as they are. A segment that would then be `.` or `..` (`%2e%2e` once the
 * worker has decoded `%252e%252e`) is carried as it came, never as a dot segment; a bare one
 * (null) is dropped.
 */
function restSegment(segment: string): string | null {
  const decoded = decodeSafe(segment);
  if (!isDotSegment(decoded)) return encodeSegment(decoded);
  return isDotSegment(segment) ? null : encodeSegment(segment);
}

/** encodeURIComponent throws on a lone surrogate, which a path handed to the matcher may hold. */
function encodeSegment(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

function isDotSegment(s: string): boolean {
  return s === '.' || s === '..';
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
