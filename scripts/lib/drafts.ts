/**
 * Named drafts in KV, for `npm run publish -- --draft NAME`, `npm run drafts` and gc: which
 * draft a command means, what each draft is (its pointer, and the KV metadata publish writes
 * on it: when and by whom), how its pages differ from the live build's, and which drafts have
 * gone unused long enough to remove. Names are checked by app/drafts.ts, the one spelling.
 */
import { execFileSync } from 'node:child_process';
import { z } from 'zod';
import { BuildIndex, BuildRecord } from '../../app/build-records';
import { DraftName, draftNameOfBranch } from '../../app/drafts';
import { kvKeys } from '../../app/kv-keys';
import type { KvClient } from './kv-cli';

/** gc removes a named draft nobody has published for this many days, unless `--draft-days` says otherwise. */
export const DEFAULT_DRAFT_EXPIRY_DAYS = 30;
const DAY_MS = 86_400_000;

/** Branches whose draft is the unnamed one, at the preview host itself. */
const MAIN_BRANCHES = new Set(['main', 'master']);

/** The KV metadata of a draft's pointer: when it was last published, and by whom. */
export const DraftMetadata = z.object({ publishedAt: z.number(), publishedBy: z.string().max(200) });
export type DraftMetadata = z.infer<typeof DraftMetadata>;

/** The pointer key of a draft: a named one's, or the unnamed draft's (null). */
export const draftPointerKey = (name: string | null) => (name === null ? kvKeys.draft : kvKeys.namedDraft(name));

/** The checked name, or an error that says what a name may be. */
export function parseDraftName(text: string): string {
  const parsed = DraftName.safeParse(text);
  if (!parsed.success) throw new Error(`"${text}" is not a draft name: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

/**
 * The draft a command means by `--draft [NAME]`: the name given; else the git branch's (null,
 * the unnamed draft, on main or master, or outside a branch).
 */
export function draftTarget(given: string | undefined, branch: string | null): { name: string | null; why: string } {
  if (given !== undefined) return { name: parseDraftName(given), why: 'named on the command line' };
  if (branch === null || MAIN_BRANCHES.has(branch)) return { name: null, why: branch ? `the ${branch} branch's` : 'no git branch' };
  const name = draftNameOfBranch(branch);
  if (name === null) throw new Error(`the git branch "${branch}" makes no draft name: name the draft (--draft NAME)`);
  return { name, why: `the git branch ${branch}` };
}

/** The git branch checked out in `cwd`, or null (detached, or not a git checkout). */
export function gitBranch(cwd: string): string | null {
  try {
    const branch = execFileSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return branch === '' || branch === 'HEAD' ? null : branch;
  } catch {
    return null;
  }
}

export interface DraftSummary {
  /** null: the unnamed draft */
  name: string | null;
  build: string | null;
  publishedAt: number | null;
  publishedBy: string | null;
  /** paths added, removed or changed against the live build; null when either index cannot be read */
  changed: string[] | null;
}

function parsePointer(value: string | null | undefined): string | null {
  const parsed = value ? BuildRecord.safeParse(safeJson(value)) : null;
  return parsed?.success ? parsed.data.id : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function indexOf(kv: KvClient, id: string | null): Promise<BuildIndex | null> {
  if (!id) return null;
  const value = (await kv.getMany([kvKeys.index(id)])).get(kvKeys.index(id));
  const parsed = value ? BuildIndex.safeParse(safeJson(value)) : null;
  return parsed?.success ? parsed.data : null;
}

/** The pages whose content differs between two builds' indexes: added, removed or changed. */
export function changedPages(draft: BuildIndex, live: BuildIndex | null): string[] {
  const before = new Map(Object.entries(live?.pages ?? {}));
  const after = new Map(Object.entries(draft.pages));
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((p) => before.get(p) !== after.get(p)).sort();
}

/** Every draft in KV, the unnamed one first, then by name. */
export async function listDrafts(kv: KvClient): Promise<DraftSummary[]> {
  const named = await kv.listWithMetadata(kvKeys.namedDraftPrefix);
  const unnamed = await kv.listWithMetadata(kvKeys.draft);
  const entries: { name: string | null; key: string; metadata: unknown }[] = [];
  if (unnamed.has(kvKeys.draft)) entries.push({ name: null, key: kvKeys.draft, metadata: unnamed.get(kvKeys.draft) });
  for (const [key, metadata] of named) {
    const name = key.slice(kvKeys.namedDraftPrefix.length, -'.json'.length);
    // A key written by hand, not by publish, is no draft the worker would serve.
    if (DraftName.safeParse(name).success && key === kvKeys.namedDraft(name)) entries.push({ name, key, metadata });
  }
  const pointers = await kv.getMany([kvKeys.latest, ...entries.map((e) => e.key)]);
  const live = await indexOf(kv, parsePointer(pointers.get(kvKeys.latest)));
  const summaries: DraftSummary[] = [];
  for (const { name, key, metadata } of entries.sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''))) {
    const build = parsePointer(pointers.get(key));
    const meta = DraftMetadata.safeParse(metadata);
    const index = await indexOf(kv, build);
    summaries.push({
      name,
      build,
      publishedAt: meta.success ? meta.data.publishedAt : null,
      publishedBy: meta.success ? meta.data.publishedBy : null,
      changed: index ? changedPages(index, live) : null,
    });
  }
  return summaries;
}

/**
 * The named drafts nobody has published for `days` days: gc removes them. The unnamed draft
 * is the preview host's own and stays; a draft without the metadata (published before it was
 * written) is kept, since how old it is cannot be told.
 */
export function expiredDrafts(drafts: readonly DraftSummary[], now: number, days: number): DraftSummary[] {
  return drafts.filter((d) => d.name !== null && d.publishedAt !== null && now - d.publishedAt >= days * DAY_MS);
}

/** Removes a named draft's pointer; its build stays until gc finds no draft or live build using it. */
export async function deleteDraft(kv: KvClient, name: string): Promise<{ build: string | null }> {
  const key = kvKeys.namedDraft(parseDraftName(name));
  const value = (await kv.getMany([key])).get(key);
  if (!value) throw new Error(`there is no draft named "${name}" (npm run drafts lists them)`);
  await kv.deleteMany([key]);
  return { build: parsePointer(value) };
}

/** `--draft-days` as given: a whole number of days, at least 1. */
export function parseDraftDays(text: string): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) < 1)
    throw new Error(`--draft-days must be a whole number of days, at least 1, not "${text}"`);
  return Number(text);
}
