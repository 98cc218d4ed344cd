/** What `npm run rollback` plans: content and code back together, in an order no running worker misreads. */
import { describe, expect, test } from 'vitest';
import type { CodeVersion } from '../../app/build-records';
import { formatPlan, planRollback, type PlanStep, type RollbackInput } from '../../scripts/lib/rollback-plan';

const TARGET = 'aaaaaaaaaaaaaaaa';
const LIVE = 'bbbbbbbbbbbbbbbb';
const OLD_CODE = '1111111111111111';
const NEW_CODE = '2222222222222222';
const version = (codeId: string, versionId: string): CodeVersion => ({ codeId, versionId, deployedAt: 1 });

function input(overrides: Partial<RollbackInput> = {}): RollbackInput {
  return {
    targetId: TARGET,
    target: { id: OLD_CODE, recordsFormat: 1 },
    live: { id: LIVE, code: { id: NEW_CODE, recordsFormat: 1 } },
    versions: new Map([[OLD_CODE, version(OLD_CODE, 'v-old')]]),
    remote: { env: 'production' },
    contentOnly: false,
    ...overrides,
  };
}

const kinds = (steps: PlanStep[]) => steps.map((s) => s.kind);

function steps(overrides: Partial<RollbackInput> = {}): PlanStep[] {
  const plan = planRollback(input(overrides));
  if (!plan.ok) throw new Error(`refused: ${plan.reason}`);
  return plan.steps;
}

describe('the rollback plan', () => {
  test('a build made by the same code as the live one only moves the pointer', () => {
    expect(steps({ target: { id: NEW_CODE, recordsFormat: 1 } })).toEqual([{ kind: 'pointer', buildId: TARGET, recordsFormat: 1 }]);
  });

  test('--content-only moves the pointer only, even when another code made the build', () => {
    expect(kinds(steps({ contentOnly: true }))).toEqual(['pointer']);
  });

  test('the build that is already live needs no step', () => {
    expect(steps({ live: { id: TARGET, code: { id: OLD_CODE, recordsFormat: 1 } } })).toEqual([]);
  });

  test('other code that reads the live build restores the worker first, then the pointer', () => {
    expect(kinds(steps())).toEqual(['worker', 'pointer']);
  });

  test('the worker step is wrangler rollback of the recorded version, in the environment, with a message and no prompt', () => {
    expect(steps()[0]).toEqual({
      kind: 'worker',
      codeId: OLD_CODE,
      versionId: 'v-old',
      args: ['rollback', 'v-old', '--env', 'production', '--message', `rollback to build ${TARGET}`, '-y'],
    });
  });

  test('when only the live code reads the target, the pointer moves first, then the worker', () => {
    const plan = steps({
      target: { id: OLD_CODE, recordsFormat: 1 },
      live: { id: LIVE, code: { id: NEW_CODE, recordsFormat: 2 } },
      alsoReads: new Map([[NEW_CODE, [1]]]),
    });
    expect(kinds(plan)).toEqual(['pointer', 'worker']);
  });

  test('when neither code reads the other, the worker goes first and serves its own format until the pointer moves', () => {
    const plan = planRollback(
      input({ target: { id: OLD_CODE, recordsFormat: 1 }, live: { id: LIVE, code: { id: NEW_CODE, recordsFormat: 2 } } }),
    );
    expect(plan.ok && kinds(plan.steps)).toEqual(['worker', 'pointer']);
    expect(plan.ok && plan.summary).toContain('builds/latest-format/1.json');
  });

  test('a code is assumed to read exactly its own format: a recorded extra format changes the order', () => {
    const base = { target: { id: OLD_CODE, recordsFormat: 2 }, live: { id: LIVE, code: { id: NEW_CODE, recordsFormat: 1 } } };
    expect(kinds(steps(base))).toEqual(['worker', 'pointer']);
    expect(
      kinds(
        steps({
          ...base,
          alsoReads: new Map([
            [OLD_CODE, [3]],
            [NEW_CODE, [2]],
          ]),
        }),
      ),
    ).toEqual(['pointer', 'worker']);
  });

  test('the pointer step names the target format, so builds/latest-format follows it', () => {
    expect(steps().find((s) => s.kind === 'pointer')).toEqual({ kind: 'pointer', buildId: TARGET, recordsFormat: 1 });
  });

  test('locally there is no worker to restore: the pointer moves and the plan says what to restart', () => {
    const plan = steps({ remote: null });
    expect(kinds(plan)).toEqual(['pointer', 'note']);
    expect(plan[1]).toMatchObject({ kind: 'note', text: expect.stringContaining(`made by code ${OLD_CODE}`) });
    expect(plan[1]).toMatchObject({ text: expect.stringContaining('npm start') });
  });

  test('locally a build that does not record its code still moves the pointer, and the note says so', () => {
    const plan = steps({ remote: null, target: null, live: { id: LIVE, code: null } });
    expect(kinds(plan)).toEqual(['pointer', 'note']);
    expect(plan[1]).toMatchObject({ text: expect.stringContaining(`build ${TARGET} does not record which code made it`) });
  });

  test('with nothing live, the worker is restored before the pointer', () => {
    expect(kinds(steps({ live: null }))).toEqual(['worker', 'pointer']);
  });
});

describe('rollbacks the plan refuses against Cloudflare', () => {
  test('a target code with no recorded worker version is refused with the commands to do it by hand', () => {
    const plan = planRollback(input({ versions: new Map() }));
    expect(plan).toEqual({
      ok: false,
      reason: `no worker version is recorded for code ${OLD_CODE} (no code/${OLD_CODE}.json; deploys before this record existed); nothing was changed`,
      instructions: [
        `npx wrangler versions list --env production     # find the worker version that ran build ${TARGET}`,
        'npx wrangler rollback <version-id> --env production',
        `npm run rollback -- ${TARGET} --content-only --remote --env production`,
      ],
    });
  });

  test('a target build that does not record its code is refused', () => {
    const plan = planRollback(input({ target: null }));
    expect(plan.ok).toBe(false);
    expect(!plan.ok && plan.reason).toContain(`build ${TARGET} does not record which code made it`);
  });

  test('a live build that does not record its code is refused', () => {
    const plan = planRollback(input({ live: { id: LIVE, code: null } }));
    expect(!plan.ok && plan.reason).toContain(`the live build ${LIVE} does not record which code made it`);
  });

  test('a refusal prints the reason and each command to run, one a line', () => {
    expect(formatPlan(planRollback(input({ target: null })))).toEqual([
      `refused: build ${TARGET} does not record which code made it (built before builds recorded their code); nothing was changed`,
      'to do it by hand:',
      `  npx wrangler versions list --env production     # find the worker version that ran build ${TARGET}`,
      '  npx wrangler rollback <version-id> --env production',
      `  npm run rollback -- ${TARGET} --content-only --remote --env production`,
    ]);
  });
});

describe('the printed plan', () => {
  test('a code and content rollback prints the wrangler command and the pointer writes, in order', () => {
    expect(formatPlan(planRollback(input()))).toEqual([
      "the restored code reads the live build's format 1: worker first, then the pointer",
      `1. worker: npx wrangler rollback v-old --env production --message "rollback to build ${TARGET}" -y   (code ${OLD_CODE})`,
      `2. pointer: builds/latest.json -> ${TARGET}, builds/latest-format/1.json -> ${TARGET}, published marker`,
    ]);
  });
});
