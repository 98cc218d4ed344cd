/**
 * Named drafts: a draft's name is spelled here, once, for the worker (which reads it from the
 * host, `{name}.preview.example.com`) and the commands (which take it from the command line or
 * the git branch). A name is outside input on both sides, and becomes a DNS label and a KV key,
 * so only a safe DNS label is a name: lowercase letters, digits and inner hyphens, at most 32
 * characters, never `xn--`-like (the third and fourth characters hyphens, which DNS reserves).
 */
import { z } from 'zod';

export const DRAFT_NAME_MAX_LENGTH = 32;

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export const DraftName = z
  .string()
  .min(1, 'a draft name cannot be empty')
  .max(DRAFT_NAME_MAX_LENGTH, `a draft name has at most ${DRAFT_NAME_MAX_LENGTH} characters`)
  .regex(LABEL, 'a draft name has lowercase letters, digits and inner hyphens only (it becomes a host name)')
  .refine((name) => name.slice(2, 4) !== '--', 'a draft name cannot have hyphens as its third and fourth characters (DNS reserves them)');
export type DraftName = z.infer<typeof DraftName>;

export function isDraftName(value: string): boolean {
  return DraftName.safeParse(value).success;
}

/**
 * The draft name of a git branch: lowercased, every run of other characters a hyphen, cut to
 * the longest name allowed. Null when nothing of it is left (or it cannot be made a name).
 */
export function draftNameOfBranch(branch: string): string | null {
  const name = branch
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, DRAFT_NAME_MAX_LENGTH)
    .replace(/^-+|-+$/g, '');
  const fixed = name.slice(2, 4) === '--' ? name.slice(0, 2) + name.slice(3) : name;
  return isDraftName(fixed) ? fixed : null;
}

/**
 * The local preview host's base: Chromium resolves every `*.localhost` to this machine, and takes
 * a cookie for the domain `preview.localhost` (not for `localhost`, which it counts as a top-level
 * domain), so one sign-in covers `{name}.preview.localhost:PORT` too.
 */
export const LOCAL_PREVIEW_BASE = 'preview.localhost';

/** The host of a named draft on the preview host `base` (`preview.example.com`, or with a port). */
export const draftHost = (name: DraftName, base: string) => `${name}.${base}`;

/**
 * What a host (lowercase, as URL gives it, with its port) is among the preview hosts `bases`:
 * one of them (`{ base, draft: null }`, the unnamed draft), one of their named drafts
 * (`{name}.{base}`, exactly one label more), or neither (null).
 */
export function previewHostOf(host: string, bases: readonly string[]): { base: string; draft: string | null } | null {
  for (const base of bases) {
    if (host === base) return { base, draft: null };
    if (host.endsWith(`.${base}`)) {
      const label = host.slice(0, -base.length - 1);
      if (isDraftName(label)) return { base, draft: label };
    }
  }
  return null;
}
