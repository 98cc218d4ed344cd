/**
 * Numbers the product fixes, in one place, with their units in the name. The contract they come
 * from is docs/behaviour.md (see its constants table); test/app/constants.test.ts states the
 * contract's numbers literally, so a drifting constant fails there.
 */

/** docs/behaviour.md#51-build-watcher: the client compares its build with the latest build this often. */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;

/** docs/behaviour.md#53-chunk-load-reload-guard: a chunk-load reload for the same path is not repeated within this window. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

/** docs/behaviour.md#52-manifest-prefetch: the manifest is prefetched this long after the browser becomes idle. */
export const MANIFEST_PREFETCH_DELAY_MS = 1_000;

/** docs/behaviour.md#46-after-the-new-page-shows: the page head is updated this long after a route change. */
export const HEAD_UPDATE_DELAY_MS = 100;

/** docs/behaviour.md#24-fetch-helper-and-retries: GET requests are retried once on these statuses. */
export const FETCH_RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];
export const FETCH_RETRY_COUNT = 1;
/**
 * docs/behaviour.md#24-fetch-helper-and-retries: each attempt of a read a navigation waits on (the
 * manifest, a payload, the latest build) gives up after this long, so that a request a dropped
 * connection leaves hanging cannot stop clicks, or the build check, for good.
 */
export const NAVIGATION_READ_TIMEOUT_MS = 8_000;

/** docs/behaviour.md#9-lazy-images */
export const LAZY_IMAGE_PRELOAD_VIEWPORT_RATIO = 1.2;
export const LAZY_IMAGE_MAX_ATTEMPTS = 3;
export const LAZY_IMAGE_CACHE_SIZE = 200;
export const LAZY_IMAGE_CHECK_THROTTLE_MS = 200;

/** docs/behaviour.md#10-touch-gestures (distances in CSS pixels) */
export const GESTURE_TAP_TOLERANCE_PX = 10;
export const GESTURE_SWIPE_TOLERANCE_PX = 30;
export const GESTURE_HOLD_MS = 400;
export const GESTURE_LONG_TAP_MS = 400;

/** Content model: URL paths are at most this many segments deep. */
export const MAX_PATH_DEPTH = 8;
/** Content model: sections nest at most this deep. */
export const MAX_SECTION_DEPTH = 4;
/** Longest content path (`blocks[3].items[1].title`) a preview message may carry; real ones are far shorter. */
export const CONTENT_PATH_MAX_CHARS = 512;

/**
 * The edge keeps the current build id in isolate memory this long before asking KV again.
 * KV itself is eventually consistent for about 60 s, so a few seconds more costs nothing.
 */
export const BUILD_POINTER_TTL_MS = 5_000;

/** A KV read that takes longer than this is treated as failed: stale is better than a hang. */
export const KV_READ_TIMEOUT_MS = 1_000;

/** Longest request path the worker will look at; longer paths cannot be content (8 segments). */
export const MAX_REQUEST_PATH_CHARS = 1_024;

/** Cache lifetimes, in seconds, for what the worker serves. */
export const IMMUTABLE_MAX_AGE_S = 31_536_000;
/** How long the edge keeps a rendered page when no route rule says otherwise (keys carry the build id). */
export const PAGE_EDGE_TTL_S = 86_400;
export const NOT_PUBLISHED_RETRY_AFTER_S = 30;

/** Largest worker Cloudflare accepts, gzip-compressed, on the Workers Free plan (Paid: 10 MiB); `npm run deploy -- --dry-run` checks it. */
export const WORKER_UPLOAD_MAX_GZIP_BYTES = 3 * 1024 * 1024;

/** A form post the site could not store (its database unavailable) is answered 503 with this Retry-After (seconds). */
export const FORM_UNAVAILABLE_RETRY_AFTER_S = 60;
/** Largest form post the worker reads (bytes); file fields have their own size rules. */
export const FORM_MAX_BYTES = 5 * 1024 * 1024;
/** Longest text value a form post may carry, in characters: far beyond any field's honest use. */
export const FORM_TEXT_MAX_CHARS = 20_000;
/** Most values (fields) one form post may carry. */
export const FORM_MAX_VALUES = 100;
/**
 * Longest value the `regex` rule runs its pattern on; a longer one fails without running it.
 * The build refuses patterns that backtrack (scripts/lib/regex-safety.ts), but a pattern that
 * slipped past it, such as `^a*a*b$` (about 200 ms at 20 000 characters, 2 ms at 2 000), would
 * run per keystroke in the browser and per post in the worker. Patterns describe short,
 * formatted values (codes, numbers, identifiers), which stay far below this.
 */
export const FORM_REGEX_MAX_CHARS = 2_000;
/** The window of the form rate limit (wrangler.toml `[[ratelimits]]` period): a refused client waits this long. */
export const FORM_RATE_LIMIT_PERIOD_S = 60;

/** Longest review note a reviewer may leave on a draft's page, in characters (code points). */
export const NOTE_TEXT_MAX_CHARS = 1_000;
/** Longest reviewer name a review note carries, in characters (code points). */
export const NOTE_REVIEWER_MAX_CHARS = 80;
/** The window of the review-note rate limit (wrangler.toml NOTE_RATE_LIMIT period): a refused reviewer waits this long. */
export const NOTE_RATE_LIMIT_PERIOD_S = 60;

/**
 * What one isolate keeps between requests (worker/bounded-lru.ts), each bounded in entries and
 * in bytes of heap. Cloudflare gives an isolate 128 MB; these add up to 65.25 MB, leaving the rest
 * to the code (about 7 MB of heap after GC), React and requests in flight.
 * test/worker/bounded-lru.test.ts and each user's tests fill them past the bounds.
 */
/** Build records (manifests, indexes, payloads), in estimated heap bytes (see the next constant). */
export const RECORD_MEMORY_MAX_ENTRIES = 500;
export const RECORD_MEMORY_MAX_BYTES = 48 * 1024 * 1024;
/**
 * Heap bytes a kept record takes per character of its JSON text, measured on the sample
 * content's payloads in V8: the parsed object about 3.8, the payload's JSON kept for responses
 * (worker/render/payload-json.ts) about 2. Counting text length alone undercounted sixfold.
 */
export const RECORD_HEAP_BYTES_PER_JSON_CHAR = 6;
/** Rendered pages of the build being served (the edge cache's first layer), by body bytes. */
export const PAGE_MEMORY_MAX_ENTRIES = 256;
export const PAGE_MEMORY_MAX_BYTES = 16 * 1024 * 1024;
/** Browser verdicts by user agent and client hints, measured by the key's length. */
export const BROWSER_VERDICT_MEMO_MAX_ENTRIES = 1_000;
export const BROWSER_VERDICT_MEMO_MAX_BYTES = 1024 * 1024;
/** A user agent longer than this is judged every time, never remembered (no browser sends one). */
export const BROWSER_VERDICT_MEMO_MAX_KEY_CHARS = 1_024;

/** Widths (CSS px of the file) the build makes of every raster image in media/, never above the source's own. */
export const IMAGE_WIDTHS_PX = [320, 480, 640, 960, 1280, 1920, 2560] as const;
/** Largest raster image the build decodes: a bigger one (or a decompression bomb) fails the build. */
export const IMAGE_MAX_INPUT_PIXELS = 40_000_000;
/** Site search (docs/search.md): a longer query is refused with a 400 that says so. */
export const SEARCH_QUERY_MAX_CHARS = 200;
/** How long the header field waits after the last keystroke before it asks the edge. */
export const SEARCH_DEBOUNCE_MS = 150;
/** Characters of page text around the first match that a result shows. */
export const SEARCH_EXCERPT_MAX_CHARS = 180;
/**
 * Search records an isolate keeps decoded (worker/search/indexes.ts), at most: a locale's
 * dictionary and the term and page records queries have read, shared by every build that lists them.
 */
export const SEARCH_INDEX_MEMORY_MAX_ENTRIES = 2_048;
/**
 * Heap the decoded search records of an isolate may take, as app/search/store.ts estimates each
 * (postings as typed arrays, text at two bytes a character); with the bounds above, 97.25 MB of
 * the isolate's 128 MB.
 */
export const SEARCH_INDEX_MEMORY_MAX_BYTES = 32 * 1024 * 1024;
/**
 * Pages a term's postings keep, its best by impact (BM25 with field weights, computed by the
 * build): as many as a visitor can page through (10 a page, 100 pages), so a one-word query
 * loses nothing it could show.
 */
export const SEARCH_TERM_PAGES_MAX = 1_000;
/** A term record holds consecutive terms of the dictionary up to about this much JSON (one term may exceed it). */
export const SEARCH_TERM_RECORD_MAX_BYTES = 32 * 1024;
/** A page-text record holds consecutive pages up to about this much JSON (one page may exceed it). */
export const SEARCH_DOC_RECORD_MAX_BYTES = 16 * 1024;
