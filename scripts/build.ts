/** `npm run build [-- --content DIR] [--out DIR]`: validate content and build everything into dist/. */
import { relative, resolve } from 'node:path';
import { formatProblem } from '../app/content/issues';
import { command } from './lib/cli';
import { buildSite } from './lib/site-build';

const { values } = command({
  usage: 'npm run build -- [--content DIR] [--out DIR]',
  summary: 'Validate the content and build the site (records, payloads, client files, image variants) into --out. Publishes nothing.',
  options: {
    content: { type: 'string', default: 'content', value: 'DIR', description: 'the content folder (site.json, pages/, media/)' },
    out: { type: 'string', default: 'dist', value: 'DIR', description: 'where the build goes' },
  },
  examples: ['npm run build -- --content test/fixtures/content --out /tmp/site'],
});
const contentDir = resolve(values.content);
const shown = relative(process.cwd(), contentDir) || '.';

const started = performance.now();
const result = await buildSite({
  contentDir,
  shownContentRoot: shown,
  outDir: resolve(values.out),
  // What the build is doing, on stderr: stdout keeps the one result line.
  progress: (line) => process.stderr.write(`${line}\n`),
});
// Broken links a site with allowBrokenLinks builds with (docs/content-model.md#31-links-that-must-lead-somewhere).
for (const warning of result.warnings) process.stderr.write(`warning: ${formatProblem(warning)}\n`);
if (!result.ok) {
  for (const problem of result.problems) process.stderr.write(formatProblem(problem) + '\n');
  process.stderr.write(`build failed: ${result.problems.length} problem(s) in ${shown}; nothing was written\n`);
  process.exit(1);
}
const { build } = result;
process.stdout.write(
  `built ${build.id}: ${build.pageCount} pages, ${build.records.length + 1} KV records in ${Math.round(performance.now() - started)} ms\n`,
);
