/**
 * The static checks on one set of TypeScript programs: each runtime's tsconfig is parsed and
 * its program built once, tsc's diagnostics are reported from it, and ESLint's type-aware rules
 * are handed the same programs (typescript-eslint's `parserOptions.programs`) instead of
 * building them again through the project service. Parsing, binding and most of the checking
 * were done twice when `tsc -p` and `eslint .` ran one after the other.
 */
import { dirname, join, relative } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import ts from 'typescript';

/** One tsconfig per place code runs, in the order `tsc -p` checked them (README "What is where"). */
export const TSCONFIGS = ['app/tsconfig.json', 'worker/tsconfig.json', 'tsconfig.json'] as const;

export interface Project {
  /** the tsconfig, relative to the root, as `tsc -p` was given it */
  tsconfig: string;
  /** undefined when the tsconfig could not be read at all (`diagnostics` says why) */
  program: ts.Program | undefined;
  /** what tsc reports for a tsconfig it cannot read (missing, not JSON) */
  diagnostics: readonly ts.Diagnostic[];
}

export interface CheckResult {
  /** the exit code the tool alone would have had: 0, or what tsc / eslint exit with */
  code: number;
  /** what the tool alone would have written to stdout */
  output: string;
}

/** Parses a tsconfig as `tsc -p` does (extends, include, the compiler options) and builds its program. */
export function loadProject(root: string, tsconfig: string): Project {
  const diagnostics: ts.Diagnostic[] = [];
  const host: ts.ParseConfigFileHost = {
    ...ts.sys,
    getCurrentDirectory: () => root,
    onUnRecoverableConfigFileDiagnostic: (d) => diagnostics.push(d),
  };
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, tsconfig), {}, host);
  if (!parsed) return { tsconfig, program: undefined, diagnostics };
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  return { tsconfig, program, diagnostics };
}

export function loadProjects(root: string, tsconfigs: readonly string[] = TSCONFIGS): Project[] {
  return tsconfigs.map((tsconfig) => loadProject(root, tsconfig));
}

/** What tsc -p reports, in its order: the config, then syntax, then options and globals, then types. */
function tscDiagnostics(program: ts.Program): { diagnostics: readonly ts.Diagnostic[]; emitted: boolean } {
  const all = [...program.getConfigFileParsingDiagnostics()];
  const configCount = all.length;
  all.push(...program.getSyntacticDiagnostics());
  if (all.length === configCount) {
    all.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
    if (all.length === configCount) all.push(...program.getSemanticDiagnostics());
  }
  // tsc emits even when it found errors; the tsconfigs say noEmit, so this writes nothing.
  const emit = program.emit();
  all.push(...emit.diagnostics);
  return { diagnostics: ts.sortAndDeduplicateDiagnostics(all), emitted: !emit.emitSkipped };
}

/**
 * tsc's closing "Found 3 errors in 2 files." and its table, printed only in pretty mode. TypeScript
 * exports the functions that write it but does not declare them; a TypeScript without them fails
 * here by name rather than printing a different summary.
 */
interface TscSummary {
  getErrorCountForSummary(diagnostics: readonly ts.Diagnostic[]): number;
  getFilesInErrorForSummary(diagnostics: readonly ts.Diagnostic[]): readonly unknown[];
  getErrorSummaryText(count: number, files: readonly unknown[], newLine: string, host: ts.FormatDiagnosticsHost): string;
}
function errorSummary(diagnostics: readonly ts.Diagnostic[], host: ts.FormatDiagnosticsHost): string {
  const tsc = ts as unknown as Partial<TscSummary>;
  if (!tsc.getErrorCountForSummary || !tsc.getFilesInErrorForSummary || !tsc.getErrorSummaryText) {
    throw new Error(`typescript ${ts.version} no longer exports getErrorSummaryText: update scripts/lib/static-checks.ts`);
  }
  const count = tsc.getErrorCountForSummary(diagnostics);
  return tsc.getErrorSummaryText(count, tsc.getFilesInErrorForSummary(diagnostics), host.getNewLine(), host);
}

/** tsc's own test for colour: a terminal, and NO_COLOR unset. */
export const tscIsPretty = (): boolean => !!process.stdout.isTTY && !process.env.NO_COLOR;

/** Paths in messages are relative to the root, as tsc's are to the directory npm runs it in. */
const formatHost = (root: string): ts.FormatDiagnosticsHost => ({
  getCurrentDirectory: () => root,
  getNewLine: () => ts.sys.newLine,
  getCanonicalFileName: ts.sys.useCaseSensitiveFileNames ? (f) => f : (f) => f.toLowerCase(),
});

/** Type-checks one project and writes what `tsc -p` would, with its exit code (0, 1 or 2). */
export function typecheck(root: string, project: Project, { pretty = tscIsPretty() } = {}): CheckResult {
  const host = formatHost(root);
  const format = (d: ts.Diagnostic) =>
    pretty ? ts.formatDiagnosticsWithColorAndContext([d], host) + host.getNewLine() : ts.formatDiagnostic(d, host);
  if (!project.program) return { code: 1, output: project.diagnostics.map(format).join('') };
  const { diagnostics, emitted } = tscDiagnostics(project.program);
  let output = diagnostics.map(format).join('');
  if (pretty) output += errorSummary(diagnostics, host);
  return { code: diagnostics.length === 0 ? 0 : emitted ? 2 : 1, output };
}

const TS_FILES = '**/*.{ts,tsx,mts,cts}';

/**
 * ESLint configs that hand each TypeScript file the program of its nearest tsconfig, as the
 * project service chose it: app/ files the browser's, worker/ files the worker's, the rest the
 * root one's. A file imported across folders is in several programs (app/ code is in all three);
 * `programs` takes the first that holds a file, so each config names exactly one. Plain .js files
 * keep the repository config's disableTypeChecked: these match TypeScript files only.
 */
export function programConfigs(root: string, projects: readonly Project[]): Linter.Config[] {
  const dirs = projects.map((p) => relative(root, dirname(join(root, p.tsconfig))));
  return projects.map((project, i) => {
    const dir = dirs[i]!;
    const nested = dirs.filter((other) => other !== dir && (dir === '' || other.startsWith(`${dir}/`)));
    if (!project.program) throw new Error(`${project.tsconfig} could not be read, so its files cannot be linted with types`);
    return {
      name: `static-checks/programs ${project.tsconfig}`,
      files: [dir === '' ? TS_FILES : `${dir}/${TS_FILES}`],
      ignores: nested.map((d) => `${d}/**`),
      languageOptions: { parserOptions: { projectService: false, programs: [project.program] } },
    };
  });
}

/** `eslint .` from `root` with the repository's config, its type-aware rules reading `projects`. */
export async function lint(root: string, projects: readonly Project[]): Promise<CheckResult> {
  const unreadable = projects.filter((p) => !p.program);
  if (unreadable.length > 0) {
    const why = ts.formatDiagnostics(
      unreadable.flatMap((p) => p.diagnostics),
      formatHost(root),
    );
    return { code: 2, output: `${why}lint needs every tsconfig: ${unreadable.map((p) => p.tsconfig).join(', ')}\n` };
  }
  const eslint = new ESLint({ cwd: root, overrideConfig: programConfigs(root, projects) });
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  const output = await formatter.format(results);
  const errors = results.reduce((sum, r) => sum + r.errorCount, 0);
  return { code: errors > 0 ? 1 : 0, output: output ? `${output}\n` : '' };
}
