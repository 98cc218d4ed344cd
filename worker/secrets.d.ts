// Secrets are set with `wrangler secret put` (locally: .dev.vars), not in wrangler.toml, so
// `wrangler types` cannot see them: they are declared here.
declare namespace Cloudflare {
  interface Env {
    /** the editors' shared preview token; unset means the preview host admits nobody */
    PREVIEW_TOKEN?: string;
    /** the key share links are signed with (HMAC-SHA256); rotating it revokes every link */
    PREVIEW_SHARE_SECRET?: string;
    /** opens `/_app/health?deep=1` to monitors (Authorization: Bearer); unset closes it */
    HEALTH_TOKEN?: string;
  }
}
