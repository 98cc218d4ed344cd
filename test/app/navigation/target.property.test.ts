/**
 * Generated hostile spellings of navigation targets: without `{ external: true }`, nothing a
 * page or a link says can take the router to another host.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { interceptedUrl, type AnchorLike, type ClickLike } from '../../../app/navigation/links';
import { NavigationRefusedError, resolveNavigationTarget, targetUrl } from '../../../app/navigation/target';
import { REFUSED_PROTOCOLS, onOrigin } from '../../../app/urls';
import { checkProperty, hostilePath, hostileString } from '../../support/property';

const ORIGIN = 'https://www.example.com';

/** Pages the visitor may be on, including one whose own path begins with `//`. */
const currentPage = fc.constantFrom(`${ORIGIN}/en/loans`, `${ORIGIN}/`, `${ORIGIN}//evil.example/x`, `${ORIGIN}/en/a/b/c?q=1#top`);

/** Ways to spell "go up", "a slash" and "another host" that browsers accept. */
const UP = ['..', '.%2e', '%2e.', '%2E%2E', '.', '%2e'];
const SLASH = ['/', '\\', '%2f', '%2F', '%5c', '%5C', '/\t', '\t/', '/\n', '\r\n/'];
const HOST = ['evil.example', 'evil.example:443', 'user@evil.example', '@evil.example', 'evil.example/x?y#z'];
const SCHEME = ['http:', 'https:', 'HTTPS:', 'javascript:', 'data:', 'vbscript:', 'blob:', 'mailto:', ''];

/** A scheme with tabs and newlines dropped in anywhere: `java\tscript:`. */
const scrambledScheme = fc
  .tuple(fc.constantFrom(...SCHEME), fc.array(fc.tuple(fc.nat(20), fc.constantFrom('\t', '\n', '\r')), { maxLength: 3 }))
  .map(([scheme, inserts]) => inserts.reduce((s, [at, c]) => s.slice(0, at % (s.length + 1)) + c + s.slice(at % (s.length + 1)), scheme));

/** `{scheme}{prefix}{ups}{slashes}{host}`: `/a/..//evil.example/x`, `java\tscript:...`, `/\evil.example`. */
const structuredTarget = fc
  .tuple(
    scrambledScheme,
    fc.constantFrom('', '/', '/a', '/en/loans', 'a', '\\'),
    fc.array(fc.tuple(fc.constantFrom(...SLASH), fc.constantFrom(...UP)), { maxLength: 3 }),
    fc.array(fc.constantFrom(...SLASH), { minLength: 1, maxLength: 4 }),
    fc.constantFrom(...HOST),
  )
  .map(([scheme, prefix, ups, slashes, host]) => scheme + prefix + ups.map(([s, u]) => s + u).join('') + slashes.join('') + host);

const navigationInput = fc.oneof(structuredTarget, hostilePath(), hostileString());

/** How code reading a path relative to the page (pushState, location.assign, fetch) sees it. */
const readFromPage = (pathAndQuery: string, page: string) => new URL(pathAndQuery, page);

describe('navigation targets, generated', () => {
  test('without permission a target is refused or stays on the site however the router or the page reads it', () => {
    checkProperty(
      fc.property(navigationInput, currentPage, (raw, page) => {
        let target;
        try {
          target = resolveNavigationTarget(raw, page);
        } catch (err) {
          expect(err).toBeInstanceOf(NavigationRefusedError);
          return;
        }
        expect(target.kind).toBe('internal');
        if (target.kind !== 'internal') return;
        expect(targetUrl(target, ORIGIN).origin).toBe(ORIGIN);
        expect(readFromPage(target.path + target.search + target.hash, page).origin).toBe(ORIGIN);
      }),
      { numRuns: 1000 },
    );
  });

  test('with permission a target may leave, but never for a script-like protocol', () => {
    checkProperty(
      fc.property(navigationInput, currentPage, (raw, page) => {
        let target;
        try {
          target = resolveNavigationTarget(raw, page, { external: true });
        } catch (err) {
          expect(err).toBeInstanceOf(NavigationRefusedError);
          return;
        }
        if (target.kind === 'internal') expect(targetUrl(target, ORIGIN).origin).toBe(ORIGIN);
        else expect(REFUSED_PROTOCOLS).not.toContain(new URL(target.url).protocol);
      }),
      { numRuns: 500 },
    );
  });

  test('a history entry the router reads back is loaded on the site', () => {
    checkProperty(
      fc.property(fc.oneof(structuredTarget, hostilePath()), (entry) => {
        const url = onOrigin(entry, ORIGIN);
        expect(url.origin).toBe(ORIGIN);
        expect(readFromPage(url.pathname + url.search, `${ORIGIN}/en`).origin).toBe(ORIGIN);
      }),
      { numRuns: 500 },
    );
  });
});

const CLICK: ClickLike = { defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
const anchor = (href: string): AnchorLike => ({ href, target: '', hasAttribute: () => false, getAttribute: () => null });

describe('link clicks, generated', () => {
  test('a click is left to the browser or navigated to a URL on the site that stays there when read again', () => {
    checkProperty(
      fc.property(navigationInput, currentPage, (href, page) => {
        const url = interceptedUrl(CLICK, anchor(href), page);
        if (url === null) return;
        expect(url.origin).toBe(ORIGIN);
        expect(readFromPage(url.pathname + url.search + url.hash, page).origin).toBe(ORIGIN);
      }),
      { numRuns: 1000 },
    );
  });
});
