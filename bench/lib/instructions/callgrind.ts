/**
 * Instructions counted by valgrind's callgrind while workerd serves: a figure that does not
 * move with what else the machine is doing, unlike CPU time on two shared cores (where the same
 * code measured 1.06x and 1.38x its reference in one evening). workerd runs under callgrind
 * with counting off; it is switched on around the requests being measured, and the totals are
 * read with `callgrind_control` before and after.
 *
 * What it does not capture: time (a cache miss costs more than an instruction) and the kernel
 * (syscalls are not counted). V8 runs single-threaded here (COUNTING_V8_FLAGS): its compilers and
 * its garbage collector work on the thread that serves, where valgrind sees them finish at the
 * same point of every run, instead of on helper threads that valgrind schedules as it pleases.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { STEADY_STATE_V8_FLAGS } from '../workerd/runtime';

const run = promisify(execFile);

/**
 * V8 flags for a counted runtime, beside the steady-state ones. With its usual helper threads,
 * V8's optimising compilers finished at other moments under valgrind: the same code counted up
 * to 8% apart between runs, and the minimal render reference 10.7 M instructions a request
 * against the site's 2.2 M (its optimised code had never been installed). Single-threaded, the
 * same code counts within about 0.5% between runs, renders included.
 */
export const COUNTING_V8_FLAGS: readonly string[] = ['--single-threaded'];

/** How a counted workerd is started, on top of the fixture's runtime options: under callgrind, V8 single-threaded. */
export function countedRuntime(profilesDir: string): { runUnder: string[]; v8Flags: string[] } {
  return { runUnder: callgrindCommand(profilesDir), v8Flags: [...STEADY_STATE_V8_FLAGS, ...COUNTING_V8_FLAGS] };
}

/** The command workerd runs under: callgrind, counting off until switched on. */
export function callgrindCommand(outDir: string): string[] {
  return [
    'valgrind',
    '--tool=callgrind',
    '--instr-atstart=no',
    // V8 writes machine code into memory it then runs: valgrind must notice code that changes.
    '--smc-check=all-non-file',
    `--callgrind-out-file=${join(outDir, 'callgrind.out.%p')}`,
  ];
}

/**
 * The instructions counted so far, from `callgrind_control -e Ir`: one line per thread
 * (`Th 1  1,234`), summed. Throws on output without any, rather than counting zero.
 */
export function totalInstructions(controlOutput: string): number {
  let total = 0;
  let threads = 0;
  for (const match of controlOutput.matchAll(/^\s*Th \d+\s+([\d,]+)\s*$/gm)) {
    total += Number(match[1]!.replace(/,/g, ''));
    threads++;
  }
  if (threads === 0) throw new Error(`callgrind_control printed no instruction totals:\n${controlOutput}`);
  return total;
}

/** Switches counting on or off in a process running under callgrind, and reads its totals. */
export class InstructionCounter {
  constructor(private readonly pid: number) {}

  private async control(...args: string[]): Promise<string> {
    return (await run('callgrind_control', [...args, String(this.pid)], { encoding: 'utf8' })).stdout;
  }

  async counting(on: boolean): Promise<void> {
    await this.control('-i', on ? 'on' : 'off');
  }

  async total(): Promise<number> {
    return totalInstructions(await this.control('-e', 'Ir'));
  }

  /** Writes what was counted since the last dump to a file of its own (`<out>.<n>`), named `label` inside. */
  async dump(label: string): Promise<void> {
    await this.control(`--dump=${label}`);
  }
}

/** Whether valgrind is installed (Debian: `apt-get install valgrind`). */
export async function hasValgrind(): Promise<boolean> {
  return run('valgrind', ['--version']).then(
    () => true,
    () => false,
  );
}
