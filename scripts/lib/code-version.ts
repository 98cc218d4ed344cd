/**
 * Which Cloudflare worker version runs which code: `npm run deploy` reads the version id
 * wrangler prints and records it under the code id of the build it deployed
 * (`code/{codeId}.json`), so that `npm run rollback` can restore the worker that made a build.
 */
import { BuildIndex, CodeVersion, type BuildCode } from '../../app/build-records';
import { kvKeys } from '../../app/kv-keys';
import type { KvRecord } from './kv-cli';

/** wrangler 4 ends `wrangler deploy` (and `wrangler rollback`) with "Current Version ID: <uuid>". */
export function parseVersionId(output: string): string | null {
  const m = /^Current Version ID:\s*([0-9a-f-]{8,100})\s*$/im.exec(output);
  return m ? m[1]! : null;
}

/** The code a build records in its index (`dist/kv/records.json`); null for builds that predate it. */
export function codeOfBuild(records: readonly KvRecord[], buildId: string): BuildCode | null {
  const index = records.find((r) => r.key === kvKeys.index(buildId));
  if (!index) return null;
  return BuildIndex.parse(JSON.parse(index.value)).code ?? null;
}

/** The record a deploy writes, or why it cannot: deploy prints the reason and goes on. */
export function codeVersionRecord(
  code: BuildCode | null,
  wranglerOutput: string,
  now: number,
): { ok: true; record: KvRecord } | { ok: false; reason: string } {
  if (!code) return { ok: false, reason: 'the build records no code id, so no worker version was recorded for rollback' };
  const versionId = parseVersionId(wranglerOutput);
  if (!versionId) return { ok: false, reason: 'wrangler printed no "Current Version ID", so no worker version was recorded for rollback' };
  const value = CodeVersion.parse({ codeId: code.id, versionId, deployedAt: now });
  return { ok: true, record: { key: kvKeys.codeVersion(code.id), value: JSON.stringify(value) } };
}

/** Builds that predate recorded code are records format 1. */
export function recordsFormatOf(code: Pick<BuildCode, 'recordsFormat'> | null): number {
  return code?.recordsFormat ?? 1;
}

export function parseCodeVersion(value: string | null | undefined): CodeVersion | null {
  if (!value) return null;
  try {
    return CodeVersion.parse(JSON.parse(value));
  } catch {
    return null;
  }
}
