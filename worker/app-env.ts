// The bindings' types are generated into env.d.ts as global declarations, which no import can
// name: this puts them in every program that imports the worker (the in-process tests compile
// under the Node configuration), not only in worker/tsconfig.json's.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./env.d.ts" />
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./secrets.d.ts" />
import type { MatchedRules } from '../app/route-rules';
import type { BuildChannel, CompleteBuild } from './build-memory';
import type { BuildStore } from './build-store';
import type { EdgeCacheVariables } from './middleware/edge-cache';
import type { ResponseHeadersVariables } from './response-headers';

/** What every step may read about the request; set early, by the steps named here. */
export interface RequestVariables {
  requestId: string;
  /** the decoded, validated request path */
  path: string;
  store: BuildStore;
  /** true on the preview host: editors, drafts, nothing cached or indexed */
  preview: boolean;
  /** the pointer this request follows: 'draft' on the preview host, else 'live' */
  channel: BuildChannel;
  /** the build this request is served from (set by currentBuild) */
  build: CompleteBuild;
  /** the route rules that apply to this path (set by routeRules) */
  rule: MatchedRules;
  /**
   * On the preview host, a request a share link let in without the editors' cookie: the one
   * page that link opens (set by previewGate; unset for editors and on the live host)
   */
  previewShare?: string;
  /** the answer is a static file the worker served from ASSETS: it keeps its `_headers` CSP (set by previewAssets) */
  staticFile?: boolean;
}

/**
 * The Hono environment every route and middleware of the worker shares: the request's
 * variables, and those a middleware owns and exports beside itself. Read variables with
 * `c.get(name)`: Hono's `c.var` builds a new object from all of them on every access.
 */
export interface AppEnv {
  Bindings: Env;
  Variables: RequestVariables & EdgeCacheVariables & ResponseHeadersVariables;
}
