/**
 * `npm run preview-link`: a share link to one page of the draft, made with the worker's own
 * signing code (worker/preview/share.ts), so the worker accepts exactly what this makes. The
 * link's host is the environment's preview host (wrangler.toml PREVIEW_HOSTS), or
 * `npm run preview`'s local one; the secret comes from the environment, or for local use
 * from .dev.vars.
 */
import { MIN_SECRET_LENGTH } from '../../worker/config';
import { SHARE_MAX_DAYS, makeShareLink } from '../../worker/preview/share';
import type { WranglerToml } from './wrangler-toml';

/** Where `npm run preview` serves the preview environment. */
export const LOCAL_PREVIEW_ORIGIN = 'http://127.0.0.1:8788';

/** The preview host of a wrangler environment (its first PREVIEW_HOSTS entry), or the local one without an environment. */
export function previewOriginFor(config: WranglerToml, env: string | undefined): string {
  if (env === undefined) return LOCAL_PREVIEW_ORIGIN;
  const environment = config.env?.[env];
  if (!environment) throw new Error(`wrangler.toml has no environment "${env}"`);
  const host = environment.vars?.PREVIEW_HOSTS?.split(',')[0]?.trim();
  if (!host) throw new Error(`the "${env}" environment names no preview host (PREVIEW_HOSTS in wrangler.toml); pass --origin`);
  return `https://${host}`;
}

/** A `NAME=value` or `NAME="value"` line of a .dev.vars file. */
export function devVar(text: string, name: string): string | undefined {
  return text.match(new RegExp(`^${name}\\s*=\\s*"?([^"\\n]+)"?\\s*$`, 'm'))?.[1];
}

/**
 * PREVIEW_SHARE_SECRET from the process environment, else (for local use only, with no
 * environment named) from .dev.vars. Refused unset or shorter than the worker accepts.
 */
export function shareSecretFrom(processEnv: NodeJS.ProcessEnv, devVars: string, env: string | undefined): string {
  const secret = processEnv.PREVIEW_SHARE_SECRET || (env === undefined ? devVar(devVars, 'PREVIEW_SHARE_SECRET') : undefined);
  if (!secret)
    throw new Error(
      env === undefined
        ? 'PREVIEW_SHARE_SECRET is not set: put it in .dev.vars, or in the environment'
        : `PREVIEW_SHARE_SECRET is not set: export the secret of the "${env}" environment to make its links`,
    );
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(`PREVIEW_SHARE_SECRET is shorter than ${MIN_SECRET_LENGTH} characters: the worker refuses it`);
  return secret;
}

/** `--days` as given on the command line: a whole number from 1 to 7. */
export function parseDays(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const days = Number(text);
  if (!/^\d+$/.test(text) || days < 1 || days > SHARE_MAX_DAYS)
    throw new Error(`--days must be a whole number from 1 to ${SHARE_MAX_DAYS}, not "${text}"`);
  return days;
}

export interface PreviewLinkOptions {
  path: string | undefined;
  days?: string;
  origin: string;
  secret: string;
  now: number;
}

export async function previewLink({ path, days, origin, secret, now }: PreviewLinkOptions) {
  if (!path) throw new Error('usage: npm run preview-link -- /et/kontakt [--days 2] [--env preview] [--origin URL]');
  return makeShareLink(secret, { origin, path, days: parseDays(days), now });
}
