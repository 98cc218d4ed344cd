/**
 * The machine's processes as `ps` lists them (Linux and macOS both have it; /proc is Linux
 * only): what stopping a server's whole tree needs (scripts/lib/stop-on-signal.ts), and what the
 * tests that signal one process of a server read to find none left.
 */
import { execFileSync } from 'node:child_process';

export interface ProcessRow {
  pid: number;
  ppid: number;
  pgid: number;
  /** `ps`'s state letters: Z first for a zombie, which holds no port and waits only to be reaped */
  stat: string;
  /** its command line */
  args: string;
}

/** Every process, or none when `ps` cannot run. */
export function processTable(): ProcessRow[] {
  let table: string;
  try {
    table = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,pgid=,stat=,args='], { encoding: 'utf8' });
  } catch {
    return [];
  }
  return table.split('\n').flatMap((line) => {
    const match = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    return match ? [{ pid: Number(match[1]), ppid: Number(match[2]), pgid: Number(match[3]), stat: match[4]!, args: match[5]! }] : [];
  });
}

/** The processes under `root`: its children, theirs, and so on. */
export function descendantsOf(root: number, table: readonly ProcessRow[] = processTable()): number[] {
  const children = new Map<number, number[]>();
  for (const { pid, ppid } of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found: number[] = [];
  for (let queue = [root]; queue.length > 0;) {
    const next = children.get(queue.shift()!) ?? [];
    found.push(...next);
    queue.push(...next);
  }
  return found;
}
