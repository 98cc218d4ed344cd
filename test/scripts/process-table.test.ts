/** The process table the server stops and their tests read. */
import { describe, expect, test } from 'vitest';
import { descendantsOf, processTable, type ProcessRow } from '../../scripts/lib/process-table';

const row = (pid: number, ppid: number): ProcessRow => ({ pid, ppid, pgid: 1, stat: 'S', args: `p${pid}` });

describe('processTable', () => {
  test('lists this process with its parent, group and command line', () => {
    const self = processTable().find((p) => p.pid === process.pid);
    expect(self).toMatchObject({ ppid: process.ppid, pgid: expect.any(Number) as number });
    expect(self?.args).toContain('node');
  });
});

describe('descendantsOf', () => {
  test('finds children, grandchildren and deeper, and nothing outside the tree', () => {
    const table = [row(1, 0), row(10, 1), row(11, 10), row(12, 10), row(13, 11), row(20, 1), row(21, 20)];
    expect(descendantsOf(10, table).sort((a, b) => a - b)).toEqual([11, 12, 13]);
  });

  test('a process without children has no descendants', () => {
    expect(descendantsOf(21, [row(20, 1), row(21, 20)])).toEqual([]);
  });
});
