/**
 * The checks every navigation runs before it loads a page, as named guards run by
 * one pipeline in a fixed order: validate, then browser support, then route rules. The first
 * guard that does not say "continue" decides. Pure: the client supplies the manifest and the
 * browser verdict.
 */
import type { AppManifest } from '../build-records';
import { isContentPath, withoutTrailingSlash } from '../content/paths';
import { notFoundMessage } from '../i18n/strings';
import { matchRouteRules, redirectFor } from '../route-rules';
import { isSearchPagePath } from '../search/common';

export interface NavigationRequest {
  path: string;
  search: string;
  /** null until the manifest has loaded: guards that need it let the navigation through */
  manifest: AppManifest | null;
}

export type GuardOutcome =
  | { kind: 'continue' }
  | { kind: 'error'; status: number; message: string }
  /** an in-app redirect, replacing the history entry */
  | { kind: 'redirect'; to: string }
  /** leave the app: a full page load */
  | { kind: 'leave'; url: string };

export type Guard = (request: NavigationRequest) => GuardOutcome;

export const NAVIGATION_GUARD_ORDER = ['validate', 'browser-support', 'route-rules'] as const;

const CONTINUE: GuardOutcome = { kind: 'continue' };

/** Pages the server renders itself (and the search pages); the client leaves the app to reach them. */
export const SERVER_ONLY_PATHS = ['/unsupported', '/preview', '/reset-storage'];

export function isServerOnlyPath(path: string): boolean {
  return SERVER_ONLY_PATHS.some((p) => path === p || path.startsWith(`${p}/`)) || isSearchPagePath(path);
}

/**
 * Check 1: the path is one the site answers, as the edge would on a full load: a path of the
 * catch-all page's form or a server-only page (whether the build has the page is the loader's
 * question, asked after the route rules); a page path with a trailing slash, sent to its one
 * URL as the edge's 308 does; or, in any other form, a path a route rule redirects, which check
 * 3 then follows (rule sources need not be page paths: `/blog/Hello_World`). Without the
 * manifest the rules are unknown, so such a path is left to the edge with a full load.
 */
export const validateGuard: Guard = ({ path, search, manifest }) => {
  if (isServerOnlyPath(path) || isContentPath(path)) return CONTINUE;
  const canonical = withoutTrailingSlash(path);
  if (canonical !== null) return { kind: 'redirect', to: canonical + search };
  if (!manifest) return { kind: 'leave', url: path + search };
  if (redirectFor(matchRouteRules(manifest.matcher, path), search)) return CONTINUE;
  return { kind: 'error', status: 404, message: notFoundMessage(path) };
};

export type PageSource = 'payload' | 'server' | 'missing';

/**
 * Where a page that passed the guards comes from: its prerendered payload, the server (pages a
 * rule keeps from prerendering, and the server-only pages), or nowhere (the 404 screen, with no
 * request at all). Before the manifest has loaded, the payload request decides.
 */
export function pageSource(path: string, manifest: AppManifest | null): PageSource {
  if (isServerOnlyPath(path)) return 'server';
  if (!manifest || manifest.prerendered.includes(path)) return 'payload';
  return matchRouteRules(manifest.matcher, path).rule.prerender === false ? 'server' : 'missing';
}

/** Check 2: the browser is one the site supports (the verdict is the edge's, carried by the client). */
export function browserSupportGuard(verdict: () => { supported: boolean; lang?: string }): Guard {
  return () => {
    const { supported, lang } = verdict();
    return supported ? CONTINUE : { kind: 'leave', url: `/unsupported${lang ? `?lang=${encodeURIComponent(lang)}` : ''}` };
  };
}

/** Check 3: route-rule redirects; an external target leaves the app, an internal one redirects in it. */
export const routeRulesGuard: Guard = ({ path, search, manifest }) => {
  if (!manifest) return CONTINUE;
  const redirect = redirectFor(matchRouteRules(manifest.matcher, path), search);
  if (!redirect) return CONTINUE;
  return redirect.external ? { kind: 'leave', url: redirect.location } : { kind: 'redirect', to: redirect.location };
};

export class UnknownGuardError extends Error {
  constructor(name: string) {
    super(`Unknown route middleware: '${name}'.`);
    this.name = 'UnknownGuardError';
  }
}

/** Runs the named guards in order; a name with no registered guard throws. */
export function createGuardPipeline(registry: Readonly<Record<string, Guard>>, order: readonly string[] = NAVIGATION_GUARD_ORDER) {
  return function runGuards(request: NavigationRequest): GuardOutcome {
    for (const name of order) {
      // Own names only: `constructor` or `toString` must not find Object.prototype's functions.
      // (Object.hasOwn is newer than the oldest supported browsers.)
      const guard = Object.prototype.hasOwnProperty.call(registry, name) ? registry[name] : undefined;
      if (!guard) throw new UnknownGuardError(name);
      const outcome = guard(request);
      if (outcome.kind !== 'continue') return outcome;
    }
    return CONTINUE;
  };
}
