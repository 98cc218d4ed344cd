import { describe, expect, test } from 'vitest';
import { prepareView, type ViewLoaders } from '../../../app/client/prepare-view';
import type { View } from '../../../app/view';
import { englishChrome as chrome } from '../../support/chrome';

const image = { src: '/media/a.svg', alt: 'A', width: 800, height: 600 };
const galleryPage: View = {
  kind: 'page',
  payload: {
    path: '/en/gallery',
    page: { title: 'Gallery', description: '', layout: 'default', blocks: [{ type: 'gallery', images: [image] }] },
    chrome,
  },
};

const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('preparing a view', () => {
  test('loads its language and its parts', async () => {
    const asked: string[] = [];
    await prepareView(galleryPage, {
      language: (lang) => (asked.push(`lang:${lang}`), Promise.resolve()),
      parts: (parts) => (asked.push(...parts.map((p) => `part:${p}`)), Promise.resolve()),
    });
    expect(asked).toEqual(['lang:en', 'part:gallery']);
  });

  test('when a part is lost, fails only once the language has arrived, so the error screen has its words', async () => {
    const events: string[] = [];
    const lost = new Error('Failed to fetch dynamically imported module: /_app/chunks/gallery.X.js');
    const load: ViewLoaders = {
      language: () => later(30).then(() => void events.push('language loaded')),
      parts: () => Promise.reject(lost),
    };
    await expect(prepareView(galleryPage, load).finally(() => events.push('failed'))).rejects.toBe(lost);
    expect(events).toEqual(['language loaded', 'failed']);
  });

  test('when both are lost, fails with the first failure', async () => {
    const first = new Error('part lost');
    const load: ViewLoaders = {
      language: () => later(10).then(() => Promise.reject(new Error('language lost'))),
      parts: () => Promise.reject(first),
    };
    await expect(prepareView(galleryPage, load)).rejects.toBe(first);
  });
});
