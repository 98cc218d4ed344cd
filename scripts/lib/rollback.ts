/**
 * `npm run rollback`: reads what the plan needs from KV (scripts/lib/rollback-plan.ts decides),
 * then runs its steps in order, or with `dryRun` only prints them. The target build must still be
 * whole in KV, and must have been live before unless `force` (a draft never was); anything refused
 * changes nothing. The move goes into the release log with who made it and why.
 */
import { AppManifest, BuildIndex, type BuildRecord, type CodeVersion } from '../../app/build-records';
import { kvKeys } from '../../app/kv-keys';
import { parseCodeVersion, recordsFormatOf } from './code-version';
import type { KvClient } from './kv-cli';
import { PublishError, acquireLock, lockStillHeld, markLive, parsePointer, releaseLock } from './publish';
import { listBuilds } from './build-admin';
import { resolveBuildId } from './build-history';
import { appendLog, previousLive, readLog, releaseOrigin } from './release';
import { formatPlan, planRollback, shellWords, type PlanStep, type RollbackPlan } from './rollback-plan';
import { runWrangler } from './wrangler';

export interface RollbackOptions {
  /** the wrangler environment whose worker version is restored; null for local KV */
  remote?: { env?: string } | null;
  contentOnly?: boolean;
  /** records formats a code reads beyond its own (none is recorded yet: see rollback-plan.ts) */
  alsoReads?: ReadonlyMap<string, readonly number[]>;
  dryRun?: boolean;
  /** roll out a build that was never live (a draft): it has not been seen on the live host */
  force?: boolean;
  /** who rolls back (default: releaseOrigin().by) and why, for the release log */
  by?: string;
  message?: string;
  log?: (line: string) => void;
  /** runs `wrangler ...` (replaced in tests at this process boundary) */
  wrangler?: (args: string[]) => Promise<string>;
  now?: () => number;
}

function parseIndex(value: string | null | undefined): BuildIndex | null {
  if (!value) return null;
  try {
    return BuildIndex.parse(JSON.parse(value));
  } catch {
    return null;
  }
}

interface Planned {
  plan: RollbackPlan;
  pointer: BuildRecord;
  recordsFormat: number;
  liveId: string | null;
  /** whether the build has a published marker: it was live once */
  wasLive: boolean;
}

/** Reads the target, the live build and the target code's worker version, and plans. */
async function readAndPlan(kv: KvClient, id: string, options: RollbackOptions): Promise<Planned> {
  const values = await kv.getMany([kvKeys.manifest(id), kvKeys.index(id), kvKeys.latest, kvKeys.published(id)]);
  const manifestValue = values.get(kvKeys.manifest(id));
  const manifest = manifestValue ? AppManifest.safeParse(JSON.parse(manifestValue)) : null;
  if (!manifest?.success) throw new PublishError(`build ${id} is not in KV (no manifest); nothing was changed`);
  const index = parseIndex(values.get(kvKeys.index(id)));
  if (!index) throw new PublishError(`build ${id} is incomplete in KV (no index); nothing was changed`);
  const present = new Set(await kv.list(kvKeys.payloadPrefix));
  const missing = Object.values(index.pages).filter((hash) => !present.has(kvKeys.payload(hash)));
  if (missing.length > 0) throw new PublishError(`build ${id} has ${missing.length} payload(s) missing from KV; nothing was changed`);

  const liveId = parsePointer(values.get(kvKeys.latest));
  const more = await kv.getMany([...(liveId ? [kvKeys.index(liveId)] : []), ...(index.code ? [kvKeys.codeVersion(index.code.id)] : [])]);
  const versions = new Map<string, CodeVersion>();
  const version = index.code ? parseCodeVersion(more.get(kvKeys.codeVersion(index.code.id))) : null;
  if (version && index.code && version.codeId === index.code.id) versions.set(version.codeId, version);
  const plan = planRollback({
    targetId: id,
    target: index.code ?? null,
    live: liveId ? { id: liveId, code: parseIndex(more.get(kvKeys.index(liveId)))?.code ?? null } : null,
    versions,
    alsoReads: options.alsoReads,
    remote: options.remote ?? null,
    contentOnly: options.contentOnly ?? false,
  });
  return {
    plan,
    pointer: { id, timestamp: manifest.data.timestamp },
    recordsFormat: recordsFormatOf(index.code ?? null),
    liveId,
    wasLive: Boolean(values.get(kvKeys.published(id))),
  };
}

/** A build that was never live has not been seen by visitors: going live takes --force, and says so. */
function checkWasLive({ wasLive, liveId }: Planned, id: string, options: RollbackOptions): void {
  if (wasLive || liveId === id) return;
  const never = `build ${id} was never live (a draft, or a build only ever published as one)`;
  if (!options.force) throw new PublishError(`${never}: add --force to put it live anyway; nothing was changed`);
  options.log?.(`${never}: putting it live as --force asks`);
}

/**
 * The whole id an operator means: a unique prefix of a build in KV, or with `previous` the build
 * live before the current one, by the release log.
 */
export async function rollbackTarget(kv: KvClient, wanted: { previous: true } | { prefix: string }): Promise<string> {
  if ('previous' in wanted) {
    const live = parsePointer((await kv.getMany([kvKeys.latest])).get(kvKeys.latest));
    const previous = previousLive(await readLog(kv), live);
    if ('reason' in previous) throw new PublishError(`no previous build to roll back to: ${previous.reason}; name one (npm run builds)`);
    return previous.id;
  }
  const resolved = resolveBuildId(
    wanted.prefix,
    (await listBuilds(kv)).map((b) => b.id),
  );
  if ('error' in resolved) throw new PublishError(resolved.error);
  return resolved.id;
}

type WorkerStep = Extract<PlanStep, { kind: 'worker' }>;

/**
 * A failure to mark the target live, after the pointer moved: the rerun its message suggests
 * finds the build live and runs no step, so the worker steps still left are named here.
 */
function withWorkerStepsLeft(err: Error, left: readonly PlanStep[]): Error {
  const workers = left.filter((step): step is WorkerStep => step.kind === 'worker');
  if (workers.length === 0) return err;
  const commands = workers.map((step) => `npx wrangler ${shellWords(step.args)}`).join(', then ');
  return new PublishError(`${err.message}, but not the worker steps left: run ${commands}`);
}

export async function rollback(kv: KvClient, id: string, options: RollbackOptions = {}): Promise<RollbackPlan> {
  const { log = () => {}, now = Date.now, wrangler = runWrangler } = options;
  if (options.dryRun) {
    const planned = await readAndPlan(kv, id, options);
    checkWasLive(planned, id, options);
    const { plan } = planned;
    for (const line of formatPlan(plan)) log(line);
    log('dry run: nothing was changed');
    return plan;
  }
  const held = await acquireLock(kv, `rollback to ${id}`, kvKeys.latest);
  try {
    const planned = await readAndPlan(kv, id, options);
    const { plan, pointer, recordsFormat, liveId } = planned;
    if (!plan.ok) throw new PublishError(formatPlan(plan).join('\n'));
    checkWasLive(planned, id, options);
    if (liveId === id) {
      // This may be the same rollback (or a publish) run again after it died between the pointer
      // and the marker, without which gc does not count the build as having been live: finish it.
      await markLive(kv, pointer, recordsFormat, now());
      log(`build ${id} is already live; marked live again`);
      return plan;
    }
    log(plan.summary);
    for (const [i, step] of plan.steps.entries()) {
      if (step.kind === 'worker') {
        log(`npx wrangler ${shellWords(step.args)}`);
        const out = await wrangler(step.args);
        if (out.trim()) log(out.trim());
      } else if (step.kind === 'pointer') {
        await lockStillHeld(kv, held, 'the pointer was not written');
        const from = parsePointer((await kv.getMany([kvKeys.latest])).get(kvKeys.latest));
        await kv.putMany([{ key: kvKeys.latest, value: JSON.stringify(pointer) }]);
        await markLive(kv, pointer, step.recordsFormat, now()).catch((err: Error) => {
          throw withWorkerStepsLeft(err, plan.steps.slice(i + 1));
        });
        log(`live: ${from ?? 'none'} -> ${id}`);
        const entry = { at: now(), action: 'rollback' as const, to: id, from, by: options.by ?? releaseOrigin().by };
        await appendLog(kv, options.message ? { ...entry, message: options.message } : entry).catch(() =>
          log('warning: the rollback is done, but it was not added to the release log'),
        );
      } else log(step.text);
    }
    return plan;
  } finally {
    await releaseLock(kv, held, log);
  }
}
