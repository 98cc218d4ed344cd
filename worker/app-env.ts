import type { BuildStore } from './build-store';

/** The Hono environment every route and middleware of the worker shares. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    /** the decoded, validated request path */
    path: string;
    store: BuildStore;
  };
}
