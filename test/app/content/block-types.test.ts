/**
 * A block's `type` is content, and at run time (live preview) it is whatever an editing tool
 * posts: names every object inherits must not pass for a block type anywhere.
 */
import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, test } from 'vitest';
import { Block } from '../../../app/content/schema';
import { ContentRenderer, PreviewModeContext } from '../../../app/render/blocks/content-renderer';
import { PROTOTYPE_NAMES } from '../../support/property';

describe('block types named after Object.prototype', () => {
  test.each(PROTOTYPE_NAMES)('a block of type "%s" is an unknown block type', (type) => {
    const parsed = Block.safeParse({ type, heading: 'x' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(`Unknown block type "${type}"`);
  });

  test.each(PROTOTYPE_NAMES)('a block of type "%s" renders as a placeholder for editors and nothing for visitors', (type) => {
    const blocks = [{ type } as unknown as Block];
    const forEditors = renderToString(createElement(PreviewModeContext.Provider, { value: true }, createElement(ContentRenderer, { blocks })));
    expect(forEditors).toContain('unknown-block');
    expect(renderToString(createElement(ContentRenderer, { blocks }))).not.toContain('unknown-block');
  });
});
