/**
 * `npm run builds`: every build in KV with its release record (scripts/lib/release.ts), newest
 * first publish first, and the pointers that name a build KV does not have as problems. Also
 * where a build id typed by an operator becomes a whole one: a unique prefix is enough.
 */
import { BuildRecord } from '../../app/build-records';
import { kvKeys } from '../../app/kv-keys';
import { listBuilds } from './build-admin';
import { visibleControls } from './control-chars';
import type { KvClient } from './kv-cli';
import { parseJson, ReleaseRecord, type PageChanges } from './release';

export interface BuildRow {
  id: string;
  /** the manifest's build time */
  builtAt: number;
  /** first publish (draft or live); null for builds published before release records */
  publishedAt: number | null;
  publishedBy: string | null;
  commit: string | null;
  subject: string | null;
  pageCount: number;
  /** against `against`, the build live at its first publish; null without a release record */
  pages: PageChanges | null;
  against: string | null;
  live: boolean;
  draft: boolean;
}

export interface BuildHistory {
  live: string | null;
  draft: string | null;
  builds: BuildRow[];
  /** one line each: a pointer naming a build that is not in KV */
  problems: string[];
}

/** A pointer's build id, whether or not KV has that build; null when there is no pointer. */
function pointerProblem(key: string, value: string | null | undefined, known: ReadonlySet<string>): string | null {
  if (!value) return null;
  const id = parseJson(BuildRecord, value)?.id;
  if (!id) return `${key} is not a build pointer ({"id": 16 hex digits, "timestamp"}); the worker cannot read it`;
  if (!known.has(id))
    return `${key} names build ${id}, which is not in KV (no manifest): point it at a build listed here (npm run rollback -- ID)`;
  return null;
}

export async function buildHistory(kv: KvClient): Promise<BuildHistory> {
  const builds = await listBuilds(kv);
  const ids = new Set(builds.map((b) => b.id));
  const values = await kv.getMany([kvKeys.latest, kvKeys.draft, ...builds.map((b) => kvKeys.release(b.id))]);
  const problems = [kvKeys.latest, kvKeys.draft]
    .map((key) => pointerProblem(key, values.get(key), ids))
    .filter((p): p is string => p !== null);
  const rows = builds.map((b): BuildRow => {
    const release = parseJson(ReleaseRecord, values.get(kvKeys.release(b.id)));
    return {
      id: b.id,
      builtAt: b.timestamp,
      publishedAt: release?.publishedAt ?? null,
      publishedBy: release?.publishedBy ?? null,
      commit: release?.commit ?? null,
      subject: release?.subject ?? null,
      pageCount: b.pages,
      pages: release?.pages ?? null,
      against: release?.against ?? null,
      live: b.live,
      draft: b.draft,
    };
  });
  rows.sort((a, b) => (b.publishedAt ?? b.builtAt) - (a.publishedAt ?? a.builtAt) || a.id.localeCompare(b.id));
  return {
    live: builds.find((b) => b.live)?.id ?? null,
    draft: builds.find((b) => b.draft)?.id ?? null,
    builds: rows,
    problems,
  };
}

const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ') + 'Z';
/** Text from KV goes to a terminal: controls are shown as escapes, never acted on. */
const shown = (text: string | null, width: number) => {
  const visible = visibleControls(text ?? '-');
  return visible.length > width ? `${visible.slice(0, width - 1)}…` : visible;
};

/** The table `npm run builds` prints: a header, a row per build, then the problems. */
export function formatBuildsTable(history: BuildHistory): string[] {
  const head = ['ID', 'PUBLISHED (UTC)', 'BY', 'COMMIT', 'PAGES', 'ADDED', 'CHANGED', 'REMOVED', 'STATUS', 'SUBJECT'];
  const rows = history.builds.map((b) => [
    b.id,
    b.publishedAt === null ? '-' : minute(b.publishedAt),
    shown(b.publishedBy, 32),
    b.commit ? b.commit.slice(0, 8) : '-',
    String(b.pageCount),
    b.pages ? String(b.pages.added) : '-',
    b.pages ? String(b.pages.changed) : '-',
    b.pages ? String(b.pages.removed) : '-',
    [b.live && 'LIVE', b.draft && 'DRAFT'].filter(Boolean).join(' ') || '-',
    shown(b.subject, 60),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const lines = [line(head), ...rows.map(line)];
  if (history.builds.length === 0) lines.push('no builds published');
  for (const problem of history.problems) lines.push(`problem: ${problem}`);
  return lines;
}

/**
 * The build an operator means by `text`: a whole id, or a prefix of at least 4 hex digits that
 * only one build in KV starts with.
 */
export function resolveBuildId(text: string | undefined, ids: readonly string[]): { id: string } | { error: string } {
  if (!text || !/^[0-9a-f]{4,16}$/.test(text))
    return { error: `"${visibleControls(text ?? '')}" is not a build id: 4 to 16 lowercase hex digits (npm run builds lists them)` };
  const matches = ids.filter((id) => id.startsWith(text));
  if (matches.length === 1) return { id: matches[0]! };
  if (matches.length === 0) return { error: `no build in KV has an id starting with ${text} (npm run builds lists them)` };
  return { error: `${text} is ambiguous: ${matches.length} builds start with it (${matches.sort().join(', ')}); type more of the id` };
}
