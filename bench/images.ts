/**
 * `npm run bench:images [distDir]`: the image bytes a 390 px phone (device pixel ratio 1)
 * downloads on the sample home page and a page with photos, originals against the variants
 * srcset/sizes pick. Reads a build (`npm run build` first); the target is at least 70% fewer.
 */
import { resolve } from 'node:path';
import { imageBytes } from './lib/bench/image-bytes';

const IMAGE_SAVING_TARGET = 0.7;
const PAGES = ['/en', '/en/spring-offer'];

const dist = resolve(process.argv[2] ?? 'dist');
const pages = await imageBytes(dist, PAGES);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
let before = 0;
let after = 0;
for (const p of pages) {
  before += p.beforeBytes;
  after += p.afterBytes;
  console.log(`${p.path}: ${kb(p.beforeBytes)} -> ${kb(p.afterBytes)} (${(p.saving * 100).toFixed(0)}% fewer)`);
  for (const i of p.images) console.log(`  ${i.src} ${kb(i.beforeBytes)} -> ${i.after} ${kb(i.afterBytes)}`);
}
const saving = 1 - after / before;
console.log(`total: ${kb(before)} -> ${kb(after)}: ${(saving * 100).toFixed(0)}% fewer (target ${IMAGE_SAVING_TARGET * 100}%)`);
if (saving < IMAGE_SAVING_TARGET) process.exitCode = 1;
