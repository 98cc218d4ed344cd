/**
 * The combined typecheck and lint on a tiny tree of their own: three runtimes with their own
 * tsconfigs (ES2023 only, so each program builds in a fraction of a second) and a copy of the
 * repository's eslint.config.js, zones and all.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lint, loadProjects, TSCONFIGS, typecheck, type CheckResult, type Project } from '../../scripts/lib/static-checks';
import { REPO_ROOT } from '../support/built-site';

const runtimeTsconfig = (include: string[]) => JSON.stringify({ extends: './tsconfig.base.json', include });
const FILES: Record<string, string> = {
  'package.json': '{ "type": "module" }\n',
  'tsconfig.base.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2023'],
      types: [],
      strict: true,
      noEmit: true,
    },
  }),
  'tsconfig.json': runtimeTsconfig(['test/**/*']),
  'app/tsconfig.json': runtimeTsconfig(['./**/*']).replace('./tsconfig.base', '../tsconfig.base'),
  'worker/tsconfig.json': runtimeTsconfig(['./**/*']).replace('./tsconfig.base', '../tsconfig.base'),
  'app/client/widget.ts': 'export const widget = 1;\n',
  // `kick` returns nothing in the browser and a promise on the worker: app/go.ts, which the worker
  // imports, leaves no promise floating only when it is linted with the browser's program.
  'app/globals.d.ts': 'declare function kick(): void;\n',
  'worker/globals.d.ts': 'declare function kick(): Promise<void>;\n',
  'app/go.ts': 'export function go(): void {\n  kick();\n}\n',
  'worker/index.ts': [
    "import { widget } from '../app/client/widget';",
    "import { go } from '../app/go';",
    '',
    'const save = (): Promise<void> => Promise.resolve();',
    '',
    'export function handle(): number {',
    '  save();',
    '  go();',
    '  return widget;',
    '}',
    '',
  ].join('\n'),
  'test/sum.test.ts': "export const total: number = 'three';\n",
};

let root: string;
let projects: Project[];
let typechecks: CheckResult[];
let linted: CheckResult;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'static-checks-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  copyFileSync(join(REPO_ROOT, 'eslint.config.js'), join(root, 'eslint.config.js'));
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'));
  projects = loadProjects(root);
  typechecks = projects.map((p) => typecheck(root, p, { pretty: false }));
  linted = await lint(root, projects);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('typecheck', () => {
  it('reports a type error as tsc does, with the file and line, and fails only the tsconfig that holds it', () => {
    expect(projects.map((p) => p.tsconfig)).toEqual([...TSCONFIGS]);
    expect(typechecks.map((t) => t.code)).toEqual([0, 0, 2]);
    expect(typechecks[2]!.output).toBe("test/sum.test.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.\n");
  });

  it('writes in colour exactly what tsc -p --pretty writes, summary included', () => {
    const tsc = spawnSync(join(REPO_ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json', '--pretty'], { cwd: root, encoding: 'utf8' });
    const ours = typecheck(root, projects[2]!, { pretty: true });
    expect(ours.output).toContain('Found 1 error in test/sum.test.ts');
    expect(ours).toEqual({ code: tsc.status, output: tsc.stdout });
  });
});

describe('lint', () => {
  const problems = () => linted.output.split('\n').filter((line) => /^\s+\d+:\d+\s+error\s/.test(line));

  it('fails on a promise left floating and on an import of app/client from the worker, at their lines', () => {
    expect(linted.code).toBe(1);
    expect(linted.output).toContain(join(root, 'worker/index.ts'));
    expect(problems()).toEqual([
      expect.stringMatching(
        /^\s+1:1\s+error\s+'\.\.\/app\/client\/widget' import is restricted .*app\/client is browser-only.*no-restricted-imports$/,
      ),
      expect.stringMatching(/^\s+7:3\s+error\s+Promises must be awaited.*@typescript-eslint\/no-floating-promises$/),
    ]);
  });

  it("lints each file with the program of its own runtime's tsconfig", () => {
    expect(linted.output).not.toContain('app/go.ts');
  });
});
