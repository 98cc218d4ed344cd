/**
 * The processes of a server's group, read from `ps`: for the tests that signal one process of
 * `npm start` or `npm run dev` and check that none of the others outlives it.
 */
import { spawnSync } from 'node:child_process';

export interface ProcessRow {
  pid: number;
  ppid: number;
  pgid: number;
  /** its command line */
  args: string;
}

/** Every running process (zombies, which hold no port and wait only to be reaped, left out). */
export function processes(): ProcessRow[] {
  const { stdout } = spawnSync('ps', ['-A', '-o', 'pid=,ppid=,pgid=,stat=,args='], { encoding: 'utf8' });
  return stdout.split('\n').flatMap((line) => {
    const match = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    if (!match || match[4]!.startsWith('Z')) return [];
    return [{ pid: Number(match[1]), ppid: Number(match[2]), pgid: Number(match[3]), args: match[5]! }];
  });
}

/** The process running `script` (e.g. scripts/start.ts) under tsx's process `tsxPid`: Node with tsx's loader. */
export function scriptProcess(tsxPid: number, script: string): number {
  const row = processes().find((p) => p.ppid === tsxPid && p.args.includes(script));
  if (!row) throw new Error(`no process runs ${script} under ${tsxPid}`);
  return row.pid;
}

/** The command lines still running in process group `pgid` once it is empty or `timeoutMs` has passed. */
export async function leftInGroup(pgid: number, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = processes().filter((p) => p.pgid === pgid);
    if (left.length === 0 || Date.now() > deadline) return left.map((p) => p.args.slice(0, 160));
    await new Promise((r) => setTimeout(r, 200));
  }
}
