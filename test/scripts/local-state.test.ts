/** Which local stores a command opens: the ids wrangler dev keeps each binding's files under. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { localBindingIds, openLocalBinding } from '../../scripts/lib/local-state';
import { parseWranglerToml, readWranglerToml } from '../../scripts/lib/wrangler-toml';

const toml = (text: string) => parseWranglerToml(`name = "t"\ncompatibility_date = "2026-04-20"\n${text}`);

describe('the local bindings of a wrangler.toml environment', () => {
  test("are the repository's SITE_KV and FORMS_DB under the ids wrangler dev uses for them", () => {
    expect(localBindingIds(readWranglerToml())).toEqual({
      kvNamespaces: { SITE_KV: '00000000000000000000000000000000' },
      d1Databases: { FORMS_DB: '00000000-0000-0000-0000-000000000000' },
    });
  });

  test('take a preview_id or preview_database_id over the id, as wrangler dev does', () => {
    const config = toml(
      '[[kv_namespaces]]\nbinding = "SITE_KV"\nid = "live"\npreview_id = "local"\n' +
        '[[d1_databases]]\nbinding = "FORMS_DB"\ndatabase_name = "f"\ndatabase_id = "live-db"\npreview_database_id = "local-db"\n',
    );
    expect(localBindingIds(config)).toEqual({ kvNamespaces: { SITE_KV: 'local' }, d1Databases: { FORMS_DB: 'local-db' } });
  });

  test('of an environment are its own, none inherited from the top level', () => {
    const config = toml('[[kv_namespaces]]\nbinding = "SITE_KV"\nid = "top"\n[env.preview]\nname = "p"\n');
    expect(localBindingIds(config, 'preview')).toEqual({ kvNamespaces: {}, d1Databases: {} });
  });

  test('of an environment the file does not have are refused, naming it', () => {
    expect(() => localBindingIds(toml(''), 'staging', 'my.toml')).toThrow('my.toml has no [env.staging]');
  });
});

describe('a binding opened from local state', () => {
  test('that the environment lacks is refused, naming the binding, the file and the environment', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'local-state-'));
    try {
      const config = join(dir, 'wrangler.toml');
      await writeFile(config, 'name = "t"\ncompatibility_date = "2026-04-20"\n[env.staging]\nname = "s"\n');
      await expect(openLocalBinding('FORMS_DB', { config, env: 'staging', persistTo: join(dir, 'state') })).rejects.toThrow(
        `${config} has no FORMS_DB binding in [env.staging]`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
