/**
 * The size an <Img> reserves. A built page always has the image's width and height (the build
 * reads them from the file when the content leaves them out); a draft in the live preview may
 * not, and is shown with what the site knows of the file, never with "undefined".
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { ImageInfo } from '../../../../app/images/image-manifest';
import { Img } from '../../../../app/render/blocks/media';
import { PageContext } from '../../../../app/render/page-context';

const INFO: ImageInfo = { hash: '0123456789abcdef', width: 40, height: 30, widths: [40], formats: ['avif', 'webp', 'png'] };

const render = (image: { src: string; alt: string; width?: number; height?: number }, images = {}) =>
  renderToString(
    <PageContext.Provider value={{ path: '/en/draft', lang: 'en', images }}>
      <Img image={image} />
    </PageContext.Provider>,
  );

describe('the size an image reserves', () => {
  test('a written size is the size of the <img>', () => {
    expect(render({ src: '/media/house.svg', alt: '', width: 800, height: 600 })).toContain('width="800" height="600"');
  });

  test('a draft image without a size has the size of the file’s variants', () => {
    expect(render({ src: '/media/house.png', alt: '' }, { '/media/house.png': INFO })).toContain('width="40" height="30"');
  });

  test('a draft image without a size or variants has no size, and no "undefined" in its markup', () => {
    const html = render({ src: '/media/new.svg', alt: '' });
    expect(html).not.toContain('undefined');
    expect(html).not.toMatch(/\swidth=/);
  });
});
