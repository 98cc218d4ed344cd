/**
 * `npm run preview-link`: a share link to one page of the draft, made with the worker's own
 * signing code (worker/preview/share.ts), so the worker accepts exactly what this makes. The
 * link's host is the environment's preview host (wrangler.toml PREVIEW_HOSTS), or
 * `npm run preview`'s local one; the secret comes from the environment, or for local use
 * from .dev.vars.
 */
import { BuildIndex } from '../../app/build-records';
import { LOCAL_PREVIEW_BASE, draftHost } from '../../app/drafts';
import { kvKeys } from '../../app/kv-keys';
import { MIN_SECRET_LENGTH } from '../../worker/config';
import { SHARE_MAX_DAYS, makeShareLink } from '../../worker/preview/share';
import type { KvClient } from './kv-cli';
import { parsePointer } from './publish';
import type { WranglerToml } from './wrangler-toml';

/** Where `npm run preview` serves the preview environment. */
export const LOCAL_PREVIEW_ORIGIN = 'http://127.0.0.1:8788';

/** The preview host of a wrangler environment (its first PREVIEW_HOSTS entry), or the local one without an environment. */
export function previewOriginFor(config: WranglerToml, env: string | undefined, draft: string | null = null): string {
  if (env === undefined) return draft === null ? LOCAL_PREVIEW_ORIGIN : localDraftOrigin(LOCAL_PREVIEW_ORIGIN, draft);
  const environment = config.env?.[env];
  if (!environment) throw new Error(`wrangler.toml has no environment "${env}"`);
  const host = environment.vars?.PREVIEW_HOSTS?.split(',')[0]?.trim();
  if (!host) throw new Error(`the "${env}" environment names no preview host (PREVIEW_HOSTS in wrangler.toml); pass --origin`);
  return `https://${draft === null ? host : draftHost(draft, host)}`;
}

/** A named draft's origin on the local preview host at `origin` (http://127.0.0.1:PORT): `http://{name}.preview.localhost:PORT`. */
export function localDraftOrigin(origin: string, draft: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${draftHost(draft, LOCAL_PREVIEW_BASE)}${url.port ? `:${url.port}` : ''}`;
}

/** The paths of the pages of the build a draft's pointer names (the live build's for the unnamed draft when it has none). */
export async function draftPages(kv: KvClient, draft: string | null): Promise<{ build: string; pages: ReadonlySet<string> } | null> {
  const key = draft === null ? kvKeys.draft : kvKeys.namedDraft(draft);
  const pointers = await kv.getMany([key, kvKeys.latest]);
  const id = parsePointer(pointers.get(key)) ?? (draft === null ? parsePointer(pointers.get(kvKeys.latest)) : null);
  if (!id) return null;
  const value = (await kv.getMany([kvKeys.index(id)])).get(kvKeys.index(id));
  if (!value) return null;
  return { build: id, pages: new Set(Object.keys(BuildIndex.parse(JSON.parse(value)).pages)) };
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
  /** the named draft, or null/undefined for the unnamed one */
  draft?: string | null;
  /**
   * the draft's pages (draftPages), asked once the request is otherwise valid: a link to any
   * other path is refused; null, no such draft
   */
  pages: () => Promise<{ build: string; pages: ReadonlySet<string> } | null>;
}

export async function previewLink({ path, days, origin, secret, now, draft = null, pages }: PreviewLinkOptions) {
  if (!path) throw new Error('usage: npm run preview-link -- /et/kontakt [--draft NAME] [--days 2] [--env preview] [--origin URL]');
  const link = await makeShareLink(secret, { origin, path, days: parseDays(days), now, draft });
  const found = await pages();
  if (found === null)
    throw new Error(
      draft === null
        ? 'nothing is published to link to: publish a build or a draft first'
        : `there is no draft named ${draft}: publish it first (npm run publish -- --draft ${draft})`,
    );
  if (!found.pages.has(path))
    throw new Error(
      `${path} is not a page of the draft${draft === null ? '' : ` ${draft}`} (build ${found.build}): a link to it would open nothing`,
    );
  return link;
}
