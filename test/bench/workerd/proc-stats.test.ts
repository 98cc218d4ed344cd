/** Reading a process's memory and CPU time from /proc text. */
import { describe, expect, test } from 'vitest';
import { cpuTicksOfStat, rssOfStatus } from '../../../bench/lib/workerd/proc-stats';

describe('/proc readings', () => {
  test('RSS is read in bytes from the VmRSS line', () => {
    expect(rssOfStatus('Name:\tworkerd\nVmPeak:\t 900 kB\nVmRSS:\t  2048 kB\nThreads:\t4\n')).toBe(2048 * 1024);
  });

  test('a status without a VmRSS line gives no number', () => {
    expect(rssOfStatus('Name:\tzombie\n')).toBeNaN();
  });

  test('CPU ticks are user plus system time, counted after a command name holding spaces and parentheses', () => {
    const stat = '4242 (work (er) d) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 30 0 0 20 0 8 0 100 0 0';
    expect(cpuTicksOfStat(stat)).toBe(280);
  });
});
