/**
 * The processes of a server's group, read from `ps`: for the tests that signal one process of
 * `npm start` or `npm run dev` and check that none of the others outlives it.
 */
import { processTable } from '../../scripts/lib/process-table';

/** Every running process but zombies, which hold no port and wait only to be reaped. */
export const processes = () => processTable().filter((p) => !p.stat.startsWith('Z'));

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
