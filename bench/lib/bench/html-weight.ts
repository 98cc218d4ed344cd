/**
 * What the page's inline boot data (its payload as JSON, for hydration) costs on the wire, and
 * what the alternative, hydrating from `{path}/_payload.json`, would send instead. Pure: from a
 * page's HTML. Compressed sizes are what a visitor downloads (Cloudflare sends gzip or brotli):
 * the payload repeats the page's text, so inside the HTML it compresses against it, while a
 * separate file is compressed on its own.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { BOOT_DATA_ELEMENT_ID } from '../../../app/dom-ids';

export interface Sizes {
  bytes: number;
  gzip: number;
  brotli: number;
}

export interface HtmlWeight {
  path: string;
  /** the page as sent: HTML with the boot data inline */
  inline: Sizes;
  /** the same HTML without the boot data element */
  withoutBootData: Sizes;
  /** the boot data alone, as `_payload.json` would send it */
  bootData: Sizes;
}

export function sizes(text: string): Sizes {
  const buf = Buffer.from(text);
  return { bytes: buf.length, gzip: gzipSync(buf).length, brotli: brotliCompressSync(buf).length };
}

/** The boot data element's text, and the HTML without the element; throws when the page has none. */
export function splitBootData(html: string): { bootData: string; rest: string } {
  const open = `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">`;
  const start = html.indexOf(open);
  const end = start < 0 ? -1 : html.indexOf('</script>', start);
  if (start < 0 || end < 0) throw new Error(`no #${BOOT_DATA_ELEMENT_ID} boot data in the page`);
  return { bootData: html.slice(start + open.length, end), rest: html.slice(0, start) + html.slice(end + '</script>'.length) };
}

export function htmlWeight(path: string, html: string): HtmlWeight {
  const { bootData, rest } = splitBootData(html);
  return { path, inline: sizes(html), withoutBootData: sizes(rest), bootData: sizes(bootData) };
}

/**
 * Brotli bytes a first visit downloads for the page and its data: inline, the page alone;
 * from the file, the lighter page and the file (two responses, each compressed on its own).
 */
export function firstVisitBrotli(w: HtmlWeight): { inline: number; fromFile: number } {
  return { inline: w.inline.brotli, fromFile: w.withoutBootData.brotli + w.bootData.brotli };
}
