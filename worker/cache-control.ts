/** Cache-Control values the worker sends, named for what they are for. */
import { IMMUTABLE_MAX_AGE_S } from '../app/constants';

export const CACHE_IMMUTABLE = `public, max-age=${IMMUTABLE_MAX_AGE_S}, immutable`;
/** Revalidate every time: the pointer to the live build, HTML that embeds a build id. */
export const CACHE_REVALIDATE = 'no-cache';
export const CACHE_NONE = 'no-store';
/** Responses that depend on who asks (preview, browser verdicts, visitor-chosen locale). */
export const CACHE_PRIVATE = 'private, no-cache';
