import { describe, expect, test } from 'vitest';
import { readMigrations, sqlStatements } from '../../scripts/lib/migrations';

describe('D1 migrations', () => {
  test('a migration is split into its statements, without comments', () => {
    expect(sqlStatements('-- a table\nCREATE TABLE t (\n  a TEXT, -- the a\n  b INTEGER\n);\nCREATE INDEX i ON t (a);\n')).toEqual([
      'CREATE TABLE t (\n  a TEXT, \n  b INTEGER\n)',
      'CREATE INDEX i ON t (a)',
    ]);
  });

  test('the repository’s migrations create the form entries table with a unique idempotency key, and its indexes', async () => {
    const [first] = await readMigrations();
    expect(first!.name).toBe('0001_form_entries.sql');
    expect(first!.statements[0]).toMatch(/^CREATE TABLE form_entries \(/);
    expect(first!.statements[0]).toMatch(/idempotency_key TEXT NOT NULL UNIQUE/);
    expect(first!.statements.slice(1).every((s) => s.startsWith('CREATE INDEX'))).toBe(true);
  });
});
