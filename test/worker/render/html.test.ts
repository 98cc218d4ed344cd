import { describe, expect, test } from 'vitest';
import { escapeHtml, jsonForScript } from '../../../worker/render/html';

describe('html escaping', () => {
  test('content cannot close the JSON script element', () => {
    const json = jsonForScript({ title: '</script><script>alert(1)</script><!--' });
    expect(json).not.toContain('</script');
    expect(json).not.toContain('<!--');
    expect(JSON.parse(json)).toEqual({ title: '</script><script>alert(1)</script><!--' });
  });

  test('line separators survive as escapes', () => {
    expect(jsonForScript('a\u2028b\u2029c')).toBe('"a\\u2028b\\u2029c"');
  });

  test('attribute values are escaped', () => {
    expect(escapeHtml(`"><img src=x onerror='1'>&`)).toBe('&quot;&gt;&lt;img src=x onerror=&#39;1&#39;&gt;&amp;');
  });
});
