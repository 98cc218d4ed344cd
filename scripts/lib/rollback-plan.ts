/**
 * What `npm run rollback` does, decided before anything changes: a pure function of the target
 * build's code, the live build's, the worker versions deploy recorded, and which records formats
 * each code reads.
 *
 * Content and code go back together. When the target build was made by other code, the worker
 * version that ran it is restored too, and the two steps are ordered so that the running worker
 * never faces a live build it cannot read:
 *
 * - the target's code reads the live build's format: worker first (the restored worker reads
 *   the build still live), then the pointer;
 * - else the live code reads the target's format: pointer first (the current worker reads the
 *   target), then the worker;
 * - else worker first: between the two steps the restored worker cannot read the live build, so
 *   it serves the newest build of its own format (`builds/latest-format/{n}.json`), which is a
 *   build it made; no moment serves a format the running code misreads.
 *
 * Against Cloudflare, a side whose code is unknown (built before builds recorded it), or a target
 * code with no recorded worker version, is refused with the commands to do it by hand. Locally
 * there are no worker versions: the pointer moves and the plan says which code to restart.
 */
import type { BuildCode, CodeVersion } from '../../app/build-records';
import { recordsFormatOf } from './code-version';

export type PlanStep =
  | { kind: 'worker'; codeId: string; versionId: string; args: string[] }
  | { kind: 'pointer'; buildId: string; recordsFormat: number }
  | { kind: 'note'; text: string };

export type RollbackPlan = { ok: true; steps: PlanStep[]; summary: string } | { ok: false; reason: string; instructions: string[] };

export interface RollbackInput {
  targetId: string;
  /** the target build's `index.code`; null when the build predates recorded code */
  target: Pick<BuildCode, 'id' | 'recordsFormat'> | null;
  /** the live build, with its code (null: unknown); null when nothing is live */
  live: { id: string; code: Pick<BuildCode, 'id' | 'recordsFormat'> | null } | null;
  /** `code/{id}.json` records by code id */
  versions: ReadonlyMap<string, CodeVersion>;
  /** records formats a code reads beyond its own builds' format, by code id (usually empty) */
  alsoReads?: ReadonlyMap<string, readonly number[]>;
  /** the wrangler environment for a remote rollback; null for local KV */
  remote: { env?: string } | null;
  /** move the pointer only, whatever code made the target */
  contentOnly: boolean;
}

/** A code reads its own builds' format, plus whatever was recorded for it. */
function reads(code: Pick<BuildCode, 'id' | 'recordsFormat'>, format: number, alsoReads?: ReadonlyMap<string, readonly number[]>): boolean {
  return code.recordsFormat === format || (alsoReads?.get(code.id) ?? []).includes(format);
}

const envFlag = (remote: { env?: string }) => (remote.env ? ` --env ${remote.env}` : '');

export function planRollback(input: RollbackInput): RollbackPlan {
  const { targetId, target, live, versions, remote, contentOnly } = input;
  const pointer: PlanStep = { kind: 'pointer', buildId: targetId, recordsFormat: recordsFormatOf(target) };
  if (live?.id === targetId) return { ok: true, steps: [], summary: `build ${targetId} is already live; nothing to do` };
  if (contentOnly) return { ok: true, steps: [pointer], summary: 'content only: the pointer moves, the worker stays as it is' };
  if (target && live?.code && target.id === live.code.id) {
    return { ok: true, steps: [pointer], summary: `same code (${target.id}) on both sides: the pointer moves, the worker stays` };
  }
  // Locally no worker version is kept, so nothing is refused: the server you restart is the code.
  if (!remote) {
    const made = target ? `was made by code ${target.id}` : 'does not record which code made it';
    return {
      ok: true,
      steps: [
        pointer,
        {
          kind: 'note',
          text:
            `local KV has no worker version to restore: build ${targetId} ${made}` +
            (live?.code ? ` (the live build by ${live.code.id})` : '') +
            '; restart the local server with that code (check out the commit that built it, then npm start)',
        },
      ],
      summary: 'local: the pointer moves; the code is yours to restart',
    };
  }
  const manual = (why: string): RollbackPlan => {
    const env = envFlag(remote);
    return {
      ok: false,
      reason: `${why}; nothing was changed`,
      instructions: [
        `npx wrangler versions list${env}     # find the worker version that ran build ${targetId}`,
        `npx wrangler rollback <version-id>${env}`,
        `npm run rollback -- ${targetId} --content-only --remote${env}`,
      ],
    };
  };
  if (!target) return manual(`build ${targetId} does not record which code made it (built before builds recorded their code)`);
  if (live && !live.code) return manual(`the live build ${live.id} does not record which code made it`);

  const version = versions.get(target.id);
  if (!version)
    return manual(
      `no worker version is recorded for code ${target.id} (no ${'code/' + target.id + '.json'}; deploys before this record existed)`,
    );
  const worker: PlanStep = {
    kind: 'worker',
    codeId: target.id,
    versionId: version.versionId,
    args: ['rollback', version.versionId, ...(remote.env ? ['--env', remote.env] : []), '--message', `rollback to build ${targetId}`, '-y'],
  };
  if (!live) return { ok: true, steps: [worker, pointer], summary: 'nothing is live: worker first, then the pointer' };
  const liveCode = live.code!;
  if (reads(target, liveCode.recordsFormat, input.alsoReads)) {
    return {
      ok: true,
      steps: [worker, pointer],
      summary: `the restored code reads the live build's format ${liveCode.recordsFormat}: worker first, then the pointer`,
    };
  }
  if (reads(liveCode, target.recordsFormat, input.alsoReads)) {
    return {
      ok: true,
      steps: [pointer, worker],
      summary: `the running code reads the target's format ${target.recordsFormat}: pointer first, then the worker`,
    };
  }
  return {
    ok: true,
    steps: [worker, pointer],
    summary: `neither code reads the other's format: worker first; until the pointer moves it serves its own format's newest build (builds/latest-format/${target.recordsFormat}.json)`,
  };
}

/** Arguments as one would type them (the message has spaces). */
export const shellWords = (args: readonly string[]) => args.map((a) => (/\s/.test(a) ? `"${a}"` : a)).join(' ');

/** The plan as `--dry-run` prints it, one line each. */
export function formatPlan(plan: RollbackPlan): string[] {
  if (!plan.ok) return [`refused: ${plan.reason}`, 'to do it by hand:', ...plan.instructions.map((line) => `  ${line}`)];
  const lines = [plan.summary];
  plan.steps.forEach((step, i) => {
    const n = `${i + 1}.`;
    if (step.kind === 'worker') lines.push(`${n} worker: npx wrangler ${shellWords(step.args)}   (code ${step.codeId})`);
    else if (step.kind === 'pointer')
      lines.push(
        `${n} pointer: builds/latest.json -> ${step.buildId}` +
          `, builds/latest-format/${step.recordsFormat}.json -> ${step.buildId}` +
          ', published marker',
      );
    else lines.push(`${n} ${step.text}`);
  });
  return lines;
}
