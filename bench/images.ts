/**
 * `npm run bench:images [distDir]`: the image bytes a 390 px phone (device pixel ratio 1)
 * downloads on the sample home page and a page with photos, originals against the variants
 * srcset/sizes pick. Reads a build (`npm run build` first). `npm run bench` measures the same
 * on a fresh build of content/ and judges it with the other budgets.
 */
import { resolve } from 'node:path';
import { command } from '../scripts/lib/cli';
import { imageSaving } from './lib/bench/analyse';
import { BUDGETS } from './lib/bench/budgets';
import { IMAGE_BENCH_PAGES, imageBytes } from './lib/bench/image-bytes';
import { printImageBytes } from './lib/bench/report';

const { positionals } = command({
  usage: 'npm run bench:images -- [DIST]',
  summary:
    'The image bytes a 390 px phone downloads on the sample home page and a page with photos, originals against the variants srcset/sizes pick; exit 1 under the saving budget. Reads a build: `npm run build` first.',
  options: {},
  examples: ['npm run bench:images', 'npm run bench:images -- /tmp/other-dist'],
  notes: ['DIST  the build to read (default: dist)'],
});
const dist = resolve(positionals[0] ?? 'dist');
const pages = await imageBytes(dist, IMAGE_BENCH_PAGES);
printImageBytes(pages, (line) => console.log(line));
if (!(imageSaving(pages) >= BUDGETS.phoneImageSaving)) process.exitCode = 1;
