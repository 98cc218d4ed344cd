/**
 * Which locale a request without a content path speaks (system pages, errors): the path's
 * first segment, else `?lang=`, else the best Accept-Language match, else the default.
 */
import type { BuildIndex, Chrome } from '../app/build-records';
import { localeCodeOfPath } from '../app/content/paths';

export function chooseLocale(index: BuildIndex, path: string, query: string | undefined, acceptLanguage: string | undefined): Chrome {
  const codes = Object.keys(index.chrome);
  const fallback = index.chrome[index.defaultLocale]!;
  const fromPath = localeCodeOfPath(path, codes);
  if (fromPath) return index.chrome[fromPath]!;
  // `?lang=` is the visitor's text: only the build's own locale codes count, never a name the
  // object inherits (`?lang=constructor`).
  if (query && Object.hasOwn(index.chrome, query)) return index.chrome[query]!;
  if (acceptLanguage) {
    const wanted = acceptLanguage
      .split(',')
      .slice(0, 20)
      .map((part) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1);
        return { tag: tag.toLowerCase(), q: Number.isFinite(q) ? q : 0 };
      })
      .filter((w) => w.tag && w.q > 0)
      .sort((a, b) => b.q - a.q);
    const chromes = Object.values(index.chrome);
    for (const { tag } of wanted) {
      const exact = chromes.find((c) => c.locale.lang.toLowerCase() === tag);
      if (exact) return exact;
      const primary = tag.split('-')[0];
      const loose = chromes.find((c) => c.locale.lang.toLowerCase().split('-')[0] === primary);
      if (loose) return loose;
    }
  }
  return fallback;
}
