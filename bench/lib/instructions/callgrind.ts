/**
 * Instructions counted by valgrind's callgrind while workerd serves: a figure that does not
 * move with what else the machine is doing, unlike CPU time on two shared cores (where the same
 * code measured 1.06x and 1.38x its reference in one evening). workerd runs under callgrind
 * with counting off; it is switched on around the requests being measured, and the totals are
 * read with `callgrind_control` before and after.
 *
 * What it does not capture: time (a cache miss costs more than an instruction), the kernel
 * (syscalls are not counted), and the JIT as it runs at full speed (V8's optimising compilers
 * run on other threads and finish at other moments under valgrind, so JavaScript-heavy paths
 * vary by up to about 8% between runs, and a render's counts are not comparable with a render
 * reference's at all). It suits the short paths: a hit, a payload, a redirect, whose cost is
 * mostly the runtime's own C++.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

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
