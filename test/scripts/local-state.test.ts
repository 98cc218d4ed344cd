/** Which local stores a command opens: the ids wrangler dev keeps each binding's files under. */
import { describe, expect, test } from 'vitest';
import { localBindingIds } from '../../scripts/lib/local-state';
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
