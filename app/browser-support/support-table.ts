/**
 * The browser-support table: the lowest major version of each browser the site
 * supports. Every browser not listed is supported. Both the worker's check and the
 * /unsupported page read this one table.
 */
export const MIN_SUPPORTED_MAJOR = {
  /** IE 11 and lower are unsupported; no IE version is supported. */
  ie: Infinity,
  firefox: 78,
  edge: 90,
  chrome: 64,
  safari: 12,
  opera: 90,
} as const;

export type KnownBrowser = keyof typeof MIN_SUPPORTED_MAJOR;

/** Display names for the list of supported browsers on /unsupported. */
export const SUPPORTED_BROWSER_LIST: readonly { name: string; minMajor: number }[] = [
  { name: 'Google Chrome', minMajor: MIN_SUPPORTED_MAJOR.chrome },
  { name: 'Mozilla Firefox', minMajor: MIN_SUPPORTED_MAJOR.firefox },
  { name: 'Microsoft Edge', minMajor: MIN_SUPPORTED_MAJOR.edge },
  { name: 'Apple Safari', minMajor: MIN_SUPPORTED_MAJOR.safari },
  { name: 'Opera', minMajor: MIN_SUPPORTED_MAJOR.opera },
];
