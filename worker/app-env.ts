import type { MatchedRules } from '../app/route-rules';
import type { BuildChannel, BuildStore, CompleteBuild } from './build-store';
import type { PendingPage } from './middleware/edge-cache';

/**
 * The Hono environment every route and middleware of the worker shares. Read variables with
 * `c.get(name)`: Hono's `c.var` builds a new object from all of them on every access.
 */
export interface AppEnv {
  Bindings: Env;
  Variables: {
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
    /** whether the edge cache answered (set by edgeCache when it looked) */
    edgeCache: 'hit' | 'miss';
    /** the page the edge cache keeps in memory once the response has all its headers */
    pendingPage: PendingPage;
    /** the response already has every header (a hit from memory): header writers leave it alone */
    headersFinal: boolean;
  };
}
