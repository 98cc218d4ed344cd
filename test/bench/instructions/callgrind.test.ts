/** Reading callgrind's totals, and the command workerd runs under. */
import { describe, expect, test } from 'vitest';
import { callgrindCommand, countedRuntime, totalInstructions } from '../../../bench/lib/instructions/callgrind';
import { STEADY_STATE_V8_FLAGS } from '../../../bench/lib/workerd/runtime';

/** `callgrind_control -e Ir <pid>` as it printed for workerd (two threads counted). */
const CONTROL_OUTPUT = `PID 3353: /work/main/node_modules/.bin/../workerd/bin/workerd serve /tmp/edge-site-workerd-p7jlpv/config.capnp
sending command status internal to pid 3353

  Totals: Ir 
   Th 1  1,234,392 
   Th 2  758 

`;

describe('callgrind', () => {
  test("the total is the sum of every thread's count", () => {
    expect(totalInstructions(CONTROL_OUTPUT)).toBe(1_235_150);
  });

  test('output without a thread count is an error, not zero instructions', () => {
    expect(() => totalInstructions('PID 1: workerd\n  No information available.\n')).toThrow(/no instruction totals/);
  });

  test('workerd runs under callgrind with counting off, noticing the code V8 writes', () => {
    const command = callgrindCommand('/tmp/out');
    expect(command.slice(0, 2)).toEqual(['valgrind', '--tool=callgrind']);
    expect(command).toContain('--instr-atstart=no');
    expect(command).toContain('--smc-check=all-non-file');
    expect(command).toContain('--callgrind-out-file=/tmp/out/callgrind.out.%p');
  });

  test('a counted workerd runs V8 single-threaded, with the heap sized as for every bench run', () => {
    const { runUnder, v8Flags } = countedRuntime('/tmp/out');
    expect(runUnder).toEqual(callgrindCommand('/tmp/out'));
    expect(v8Flags).toContain('--single-threaded');
    expect(v8Flags).toEqual(expect.arrayContaining([...STEADY_STATE_V8_FLAGS]));
  });
});
