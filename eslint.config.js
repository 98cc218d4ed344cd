// @ts-check
/**
 * Lint: typescript-eslint with type information, React's hooks rules, and the boundaries
 * between where code runs (README "What is where"):
 *
 *   app/client/   browser only; nothing outside it imports it
 *   app/dom/      DOM helpers the render code calls from effects and handlers; below the
 *                 render code, so it never imports app/render/ (nor app/client/, worker/, scripts/)
 *   app/          pure code both sides run: never imports worker/, scripts/ or app/client/
 *   worker/       the edge: never imports app/client/, app/dom/ or scripts/
 *   scripts/      Node CLIs and bench/ tools; may import anything but app/client/
 *
 * Which globals each side may use is the tsconfigs' job (app/, worker/, and the root one for Node).
 */
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** An import of a folder by its path segment, however many `../` lead there. */
const importOf = (folder) => `^(\\.\\.?/)+(\\.\\./)*(${folder})(/|$)`;

const restrict = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([regex, message]) => ({ regex, message })) }],
});

const CLIENT = [
  importOf('client|app/client'),
  'app/client is browser-only: move what both sides need to app/ (or app/dom/ for DOM helpers the render code uses).',
];
const WORKER = [importOf('worker'), 'app/ is pure code both sides run: it must not import the worker.'];
const SCRIPTS = [importOf('scripts|bench'), 'scripts/ and bench/ are Node tools: runtime code must not import them.'];
const DOM = [importOf('dom|app/dom'), 'app/dom/ holds DOM helpers for the render code: the worker never calls them itself.'];
const RENDER = [importOf('render'), 'app/dom/ sits below the render code: the render code imports it, never the reverse.'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.wrangler/**', 'bench/results.json', 'worker/env.d.ts', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `void promise` marks a deliberate fire-and-forget.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      // Handlers passed to addEventListener and React props may be async on purpose.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['app/**/*.{ts,tsx}', 'worker/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['app/**/*.{ts,tsx}'], ignores: ['app/client/**'], rules: restrict(CLIENT, WORKER, SCRIPTS) },
  { files: ['app/dom/**/*.{ts,tsx}'], rules: restrict(CLIENT, WORKER, SCRIPTS, RENDER) },
  { files: ['app/client/**/*.{ts,tsx}'], rules: restrict(WORKER, SCRIPTS) },
  { files: ['worker/**/*.{ts,tsx}'], rules: restrict(CLIENT, DOM, SCRIPTS) },
  { files: ['scripts/**/*.ts', 'bench/**/*.{ts,tsx}'], rules: restrict(CLIENT) },
  {
    files: ['scripts/**/*.{ts,js}', 'bench/**/*.{ts,tsx,js}', 'test/**/*.{ts,tsx}', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Tests build broken content and read raw JSON on purpose, so `any` is the honest type of
    // those documents; the unsafe-any rules would only add casts that assert nothing.
    files: ['test/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      // Fakes stand in for async APIs (fetch, KV) and are async without awaiting anything.
      '@typescript-eslint/require-await': 'off',
    },
  },
  { files: ['public/**/*.js', 'preview-public/**/*.js'], languageOptions: { globals: globals.browser } },
);
