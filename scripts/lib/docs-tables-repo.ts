/**
 * Which generated table goes where: the regions of README.md and docs/*.md, and the code each
 * is made from. `npm run docs:tables` writes them; test/docs.test.ts fails while one is stale.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { budgetsTable, constantsOf, constantsTable, fillRegions, headingsByAnchor, messagesTable, type SourceFile } from './docs-tables';

/** Constants by region of docs/behaviour.md, chapter 12; the regions name every one of app/constants.ts. */
export const CONSTANT_REGIONS: Readonly<Record<string, readonly string[]>> = {
  'constants-client': [
    'BUILD_CHECK_INTERVAL_MS',
    'CHUNK_RELOAD_GUARD_MS',
    'MANIFEST_PREFETCH_DELAY_MS',
    'HEAD_UPDATE_DELAY_MS',
    'FETCH_RETRY_STATUSES',
    'FETCH_RETRY_COUNT',
    'NAVIGATION_READ_TIMEOUT_MS',
    'MAX_REDIRECTS',
    'FORM_SUBMIT_TIMEOUT_MS',
    'DRAFT_SAVE_DELAY_MS',
  ],
  'constants-lazy-images': [
    'LAZY_IMAGE_PRELOAD_VIEWPORT_RATIO',
    'LAZY_IMAGE_MAX_ATTEMPTS',
    'LAZY_IMAGE_CACHE_SIZE',
    'LAZY_IMAGE_CHECK_THROTTLE_MS',
  ],
  'constants-gestures': ['GESTURE_TAP_TOLERANCE_PX', 'GESTURE_SWIPE_TOLERANCE_PX', 'GESTURE_HOLD_MS', 'GESTURE_LONG_TAP_MS'],
  'constants-limits': [
    'MAX_PATH_DEPTH',
    'MAX_SECTION_DEPTH',
    'CONTENT_PATH_MAX_CHARS',
    'FORM_MAX_BYTES',
    'FORM_TEXT_MAX_CHARS',
    'FORM_MAX_VALUES',
    'FORM_REGEX_MAX_CHARS',
    'IMAGE_HEAD_BYTES',
    'IMAGE_WIDTHS_PX',
    'IMAGE_MAX_INPUT_PIXELS',
    'WORKER_UPLOAD_MAX_GZIP_BYTES',
  ],
  'constants-worker': [
    'MAX_REQUEST_PATH_CHARS',
    'IMMUTABLE_MAX_AGE_S',
    'PAGE_EDGE_TTL_S',
    'NOT_PUBLISHED_RETRY_AFTER_S',
    'BUILD_POINTER_TTL_MS',
    'KV_READ_TIMEOUT_MS',
    'REDIRECT_CACHE',
    'FORM_UNAVAILABLE_RETRY_AFTER_S',
    'FORM_RATE_LIMIT_PERIOD_S',
    'MAX_BROWSER_INPUT_CHARS',
    'BROWSER_VERDICT_MEMO_MAX_ENTRIES',
    'BROWSER_VERDICT_MEMO_MAX_BYTES',
    'BROWSER_VERDICT_MEMO_MAX_KEY_CHARS',
    'RECORD_MEMORY_MAX_ENTRIES',
    'RECORD_MEMORY_MAX_BYTES',
    'RECORD_HEAP_BYTES_PER_JSON_CHAR',
    'PAGE_MEMORY_MAX_ENTRIES',
    'PAGE_MEMORY_MAX_BYTES',
    'PREVIEW_COOKIE_MAX_AGE_S',
    'MIN_SECRET_LENGTH',
    'SHARE_DEFAULT_DAYS',
    'SHARE_MAX_DAYS',
  ],
  'constants-consent': ['CONSENT_MAX_AGE_MS', 'CONSENT_CLOCK_SKEW_MS', 'CONSENT_WAIT_FOR_UPDATE_MS'],
  'constants-search': [
    'SEARCH_QUERY_MAX_CHARS',
    'SEARCH_DEBOUNCE_MS',
    'SEARCH_EXCERPT_MAX_CHARS',
    'SEARCH_INDEX_MEMORY_MAX_ENTRIES',
    'SEARCH_INDEX_MEMORY_MAX_BYTES',
    'SEARCH_TERM_PAGES_MAX',
    'SEARCH_TERM_RECORD_MAX_BYTES',
    'SEARCH_DOC_RECORD_MAX_BYTES',
  ],
  'constants-review-notes': ['NOTE_TEXT_MAX_CHARS', 'NOTE_REVIEWER_MAX_CHARS', 'NOTE_RATE_LIMIT_PERIOD_S'],
};

/** Where constants are looked for: the code that runs on a side of the site. */
const CONSTANT_ROOTS = ['app', 'worker'];

function sources(root: string, dir: string): SourceFile[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(root, path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [{ path, text: readFileSync(join(root, path), 'utf8') }] : [];
  });
}

const read = (root: string, path: string): SourceFile => ({ path, text: readFileSync(join(root, path), 'utf8') });

/** The markdown files that may hold generated regions: README.md and docs/*.md. */
export function markdownFiles(root: string): string[] {
  return [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((n) => n.endsWith('.md'))
      .map((n) => `docs/${n}`),
  ];
}

/** Each markdown file with its text now and its text with every region generated afresh. */
export function generatedDocs(root: string): { path: string; before: string; after: string }[] {
  let constants: ReturnType<typeof constantsOf> | undefined;
  const constantsNow = () => (constants ??= constantsOf(CONSTANT_ROOTS.flatMap((dir) => sources(root, dir))));
  return markdownFiles(root).map((path) => {
    const before = readFileSync(join(root, path), 'utf8');
    const headings = headingsByAnchor(before);
    const after = fillRegions(before, path, (name) => {
      if (name === 'budgets') return budgetsTable(read(root, 'bench/lib/bench/budgets.ts'));
      if (name === 'validation-messages')
        return messagesTable(read(root, 'app/validation/messages.ts'), read(root, 'app/validation/rule-string.ts'));
      const names = CONSTANT_REGIONS[name];
      return names ? constantsTable(names, constantsNow(), headings) : undefined;
    });
    return { path: relative(root, join(root, path)), before, after };
  });
}
