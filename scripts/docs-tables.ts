/**
 * `npm run docs:tables [-- --check]`: rewrites the tables in README.md and docs/*.md that are
 * generated from code (scripts/lib/docs-tables-repo.ts says which). With --check it writes
 * nothing and exits 1 naming each stale file.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/bundle';
import { command, fail } from './lib/cli';

const { values } = command({
  usage: 'npm run docs:tables -- [--check]',
  summary: 'Rewrite the tables in README.md and docs/ that are generated from the code.',
  options: { check: { type: 'boolean', default: false, description: 'write nothing; exit 1 naming each stale file' } },
  examples: ['npm run docs:tables -- --check'],
});
// The TypeScript compiler the tables are read with takes a second to load: after the options.
const { generatedDocs } = await import('./lib/docs-tables-repo');
let docs: ReturnType<typeof generatedDocs>;
try {
  docs = generatedDocs(ROOT);
} catch (err) {
  fail((err as Error).message);
}
const stale = docs.filter((d) => d.after !== d.before);
if (values.check) {
  if (stale.length) fail(`stale generated tables in ${stale.map((d) => d.path).join(', ')}: run npm run docs:tables`);
} else {
  for (const d of stale) writeFileSync(join(ROOT, d.path), d.after);
}
process.stdout.write(
  stale.length ? `${values.check ? 'stale' : 'rewrote'}: ${stale.map((d) => d.path).join(', ')}\n` : 'generated tables are current\n',
);
