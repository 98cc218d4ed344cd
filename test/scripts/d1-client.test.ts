/** SQL for `wrangler d1 execute`, which takes no parameters: values are written in as literals. */
import { describe, expect, test } from 'vitest';
import { d1MigrationsOf, inlineParams, migrationsSummary, sqlLiteral } from '../../scripts/lib/d1-client';
import { parseWranglerToml } from '../../scripts/lib/wrangler-toml';

describe('SQL literals', () => {
  test('a string is quoted with its quotes doubled, so it cannot end the literal', () => {
    expect(sqlLiteral("O'Brien'); DROP TABLE form_entries; --")).toBe("'O''Brien''); DROP TABLE form_entries; --'");
  });

  test('numbers and null are written as they are', () => {
    expect(sqlLiteral(42)).toBe('42');
    expect(sqlLiteral(-1.5)).toBe('-1.5');
    expect(sqlLiteral(null)).toBe('NULL');
  });

  test('values without a literal are refused', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral('a\0b')).toThrow();
  });
});

describe('inlined parameters', () => {
  test('each ? outside a quoted string takes the next value', () => {
    expect(inlineParams(`UPDATE t SET s = 'why?' WHERE id = ? AND n > ?`, ["x'y", 3])).toBe(
      `UPDATE t SET s = 'why?' WHERE id = 'x''y' AND n > 3`,
    );
  });

  test('a count of values that does not match the ? is refused', () => {
    expect(() => inlineParams('SELECT ?', [])).toThrow('more ? than values');
    expect(() => inlineParams('SELECT 1', [1])).toThrow('more values than ?');
  });
});

describe('what a migrations run says when it is done', () => {
  test('the migrations wrangler ticked in its tables, by name, each once', () => {
    const output = [
      '┌────────────────────────────────────┬────────┐',
      '│ name                               │ status │',
      '│ 0001_form_entries.sql              │ ✅     │',
      '│ 0002_form_entries_key_per_form.sql │ 🕒️     │',
      '└────────────────────────────────────┴────────┘',
      '┌────────────────────────────────────┬────────┐',
      '│ name                               │ status │',
      '├────────────────────────────────────┼────────┤',
      '│ 0001_form_entries.sql              │ ✅     │',
      '├────────────────────────────────────┼────────┤',
      '│ 0002_form_entries_key_per_form.sql │ ✅     │',
      '└────────────────────────────────────┴────────┘',
    ].join('\n');
    expect(migrationsSummary(output)).toBe('FORMS_DB migrations: 2 applied (0001_form_entries.sql, 0002_form_entries_key_per_form.sql)');
  });

  test('a schema already up to date is said so', () => {
    expect(migrationsSummary('Resource location: local\n\n✅ No migrations to apply!\n')).toBe(
      'FORMS_DB migrations: none to apply, the schema is up to date',
    );
  });
});

describe("where an environment's FORMS_DB keeps its migrations", () => {
  const bindings = parseWranglerToml(
    'name = "t"\ncompatibility_date = "2026-04-20"\n' +
      '[[d1_databases]]\nbinding = "OTHER_DB"\ndatabase_name = "o"\ndatabase_id = "o"\nmigrations_dir = "other"\n' +
      '[[d1_databases]]\nbinding = "FORMS_DB"\ndatabase_name = "f"\ndatabase_id = "f"\nmigrations_dir = "db/forms"\nmigrations_table = "forms_migrations"\n',
  );

  test("is FORMS_DB's own folder, against the config's folder, and its own record table", () => {
    expect(d1MigrationsOf(bindings, '/site/wrangler.toml')).toEqual({ dir: '/site/db/forms', table: 'forms_migrations' });
  });

  test("is wrangler's defaults for an environment the file lacks", () => {
    expect(d1MigrationsOf(undefined, '/site/wrangler.toml')).toEqual({ dir: '/site/migrations', table: 'd1_migrations' });
  });
});
