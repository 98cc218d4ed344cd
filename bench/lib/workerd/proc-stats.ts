/**
 * Memory and CPU time of a process, from Linux's /proc. The load test's leak check reads RSS,
 * and the bench's CPU time per request is less at the mercy of other work on the machine than
 * req/s.
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';

/** USER_HZ: the unit of /proc/<pid>/stat CPU times (100 on every Linux this runs on). */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** Resident memory in bytes from the text of /proc/<pid>/status; NaN when it has none. */
export function rssOfStatus(status: string): number {
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]) * 1024;
}

/** User + system CPU time in clock ticks from the text of /proc/<pid>/stat. */
export function cpuTicksOfStat(stat: string): number {
  // Fields are counted after the parenthesised command name, which may itself hold spaces and
  // parentheses: utime is the 14th field overall, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

export async function readRss(pid: number): Promise<number> {
  const rss = rssOfStatus(await readFile(`/proc/${pid}/status`, 'utf8'));
  if (!Number.isFinite(rss)) throw new Error(`no VmRSS for pid ${pid}`);
  return rss;
}

export async function readCpuMs(pid: number): Promise<number> {
  return (cpuTicksOfStat(await readFile(`/proc/${pid}/stat`, 'utf8')) * 1000) / CLOCK_TICKS;
}
