/**
 * `npm run rollback`: reads what the plan needs from KV (scripts/lib/rollback-plan.ts decides),
 * then runs its steps in order, or with `dryRun` only prints them. The target build must still be
 * whole in KV; anything refused changes nothing.
 */
import { AppManifest, BuildIndex, type BuildRecord, type CodeVersion } from '../../app/build-records';
import { kvKeys } from '../../app/kv-keys';
import { parseCodeVersion, recordsFormatOf } from './code-version';
import type { KvClient } from './kv-cli';
import { PublishError, acquireLock, lockStillHeld, markLive, parsePointer, releaseLock } from './publish';
import { formatPlan, planRollback, shellWords, type PlanStep, type RollbackPlan } from './rollback-plan';
import { runWrangler } from './wrangler';

export interface RollbackOptions {
  /** the wrangler environment whose worker version is restored; null for local KV */
  remote?: { env?: string } | null;
  contentOnly?: boolean;
  /** records formats a code reads beyond its own (none is recorded yet: see rollback-plan.ts) */
  alsoReads?: ReadonlyMap<string, readonly number[]>;
  dryRun?: boolean;
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
}

/** Reads the target, the live build and the target code's worker version, and plans. */
async function readAndPlan(kv: KvClient, id: string, options: RollbackOptions): Promise<Planned> {
  const values = await kv.getMany([kvKeys.manifest(id), kvKeys.index(id), kvKeys.latest]);
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
  return { plan, pointer: { id, timestamp: manifest.data.timestamp }, recordsFormat: recordsFormatOf(index.code ?? null), liveId };
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
    const { plan } = await readAndPlan(kv, id, options);
    for (const line of formatPlan(plan)) log(line);
    log('dry run: nothing was changed');
    return plan;
  }
  const held = await acquireLock(kv, `rollback to ${id}`, kvKeys.latest);
  try {
    const { plan, pointer, recordsFormat, liveId } = await readAndPlan(kv, id, options);
    if (!plan.ok) throw new PublishError(formatPlan(plan).join('\n'));
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
      } else log(step.text);
    }
    return plan;
  } finally {
    await releaseLock(kv, held, log);
  }
}
