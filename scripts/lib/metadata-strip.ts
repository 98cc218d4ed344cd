/**
 * Metadata removed from the media files the build publishes byte for byte rather than through
 * sharp (image-originals.ts): an upright JPEG, which a re-encode would make worse; a GIF, whose
 * animation a re-encode could change; an SVG, which is a text document. Each takes a file from
 * content/ and must not hang or crash on one that is malformed: a JPEG or GIF that cannot be
 * walked is an Error naming what is wrong.
 */

/** Segments before the picture that describe it: JFIF, the ICC profile, Adobe's colour transform. */
const KEPT_JPEG_SEGMENTS = new Map([
  [0xe0, 'JFIF\0'],
  [0xe2, 'ICC_PROFILE\0'],
  [0xee, 'Adobe'],
]);
const JPEG_START_OF_SCAN = 0xda;
const JPEG_END = 0xd9;
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/**
 * A JPEG with its picture's segments only, byte for byte: tables, frame, scans, and the segments
 * above. EXIF (with GPS and its thumbnail), XMP, IPTC, comments and every other application
 * segment are dropped, and so is anything after the end marker (phones append more pictures
 * there, each with its own EXIF). The caller applies an orientation tag first, if there is one.
 */
export function stripJpeg(jpeg: Uint8Array): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG (it does not start with FFD8)');
  const truncated = () => new Error('truncated JPEG (it ends before its end marker)');
  const kept: Uint8Array[] = [jpeg.subarray(0, 2)];
  let i = 2;
  for (;;) {
    if (i + 1 >= jpeg.length) throw truncated();
    if (jpeg[i] !== 0xff) throw new Error(`corrupt JPEG (no marker at byte ${i})`);
    const marker = jpeg[i + 1]!;
    if (marker === 0xff) {
      i++; // a fill byte before a marker
      continue;
    }
    if (marker === JPEG_END) {
      kept.push(jpeg.subarray(i, i + 2));
      return Buffer.concat(kept);
    }
    if (isRestart(marker) || marker === 0x01) throw new Error(`corrupt JPEG (marker 0x${marker.toString(16)} outside a scan at byte ${i})`);
    if (i + 3 >= jpeg.length) throw truncated();
    const length = (jpeg[i + 2]! << 8) | jpeg[i + 3]!;
    if (length < 2) throw new Error(`corrupt JPEG (segment length ${length} at byte ${i})`);
    let next = i + 2 + length;
    if (next > jpeg.length) throw truncated();
    if (marker === JPEG_START_OF_SCAN) {
      // The scan's coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      while (next + 1 < jpeg.length && !(jpeg[next] === 0xff && jpeg[next + 1] !== 0 && !isRestart(jpeg[next + 1]!))) next++;
    }
    const application = marker >= 0xe0 && marker <= 0xef;
    const id = KEPT_JPEG_SEGMENTS.get(marker);
    const keep =
      marker !== 0xfe && (!application || (id !== undefined && String.fromCharCode(...jpeg.subarray(i + 4, i + 4 + id.length)) === id));
    if (keep) kept.push(jpeg.subarray(i, next));
    i = next;
  }
}

/** GIF application extensions that are part of the picture: looping, and the colour profile. */
const KEPT_GIF_APPLICATIONS = ['NETSCAPE2.0', 'ANIMEXTS1.0', 'ICCRGBG1012'];
const GIF_EXTENSION = 0x21;
const GIF_IMAGE = 0x2c;
const GIF_TRAILER = 0x3b;
/** Extensions that draw: a frame's timing and transparency (graphic control), and plain text. */
const GIF_GRAPHIC_CONTROL = 0xf9;
const GIF_PLAIN_TEXT = 0x01;
const GIF_APPLICATION = 0xff;

/** Size of a colour table announced by a packed-fields byte (bit 7: present; bits 0-2: size). */
const colourTableSize = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);

/**
 * A GIF with only the blocks that make its picture: frames, their timing, palettes, looping and
 * the colour profile, byte for byte. Comments, and application extensions such as XMP ("XMP
 * DataXMP"), are dropped, as are extensions no decoder draws and anything after the trailer.
 */
export function stripGif(gif: Uint8Array): Buffer {
  const at = (i: number) => {
    if (i >= gif.length) throw new Error('truncated GIF (it ends inside a block)');
    return gif[i]!;
  };
  /** The offset after a run of data sub-blocks (each a length byte and data; a 0 ends the run). */
  const afterSubBlocks = (start: number) => {
    let i = start;
    for (let size = at(i); size !== 0; size = at(i)) i += 1 + size;
    return i + 1;
  };
  const signature = String.fromCharCode(...gif.subarray(0, 6));
  if (signature !== 'GIF87a' && signature !== 'GIF89a') throw new Error('not a GIF (it does not start with GIF87a or GIF89a)');
  const kept: Uint8Array[] = [];
  let i = 13 + colourTableSize(at(10));
  if (i > gif.length) throw new Error('truncated GIF (it ends inside its header)');
  kept.push(gif.subarray(0, i));
  // A GIF that ends without its trailer is shown by browsers up to where it ends; so is this one.
  while (i < gif.length && gif[i] !== GIF_TRAILER) {
    const start = i;
    const kind = gif[i];
    if (kind === GIF_IMAGE) {
      i = afterSubBlocks(i + 10 + colourTableSize(at(i + 9)) + 1);
      kept.push(gif.subarray(start, i));
    } else if (kind === GIF_EXTENSION) {
      const label = at(i + 1);
      i = afterSubBlocks(i + 2);
      const application = String.fromCharCode(...gif.subarray(start + 3, start + 3 + Math.min(11, gif[start + 2] ?? 0)));
      const draws =
        label === GIF_GRAPHIC_CONTROL ||
        label === GIF_PLAIN_TEXT ||
        (label === GIF_APPLICATION && KEPT_GIF_APPLICATIONS.includes(application));
      if (draws) kept.push(gif.subarray(start, i));
    } else {
      throw new Error(`corrupt GIF (unknown block 0x${kind!.toString(16)} at byte ${i})`);
    }
  }
  kept.push(Uint8Array.of(GIF_TRAILER));
  return Buffer.concat(kept);
}

/**
 * `<metadata>` elements, with or without a namespace prefix, self-closing or not. They hold
 * RDF: Illustrator writes its XMP there, Inkscape the author and licence. An SVG is otherwise a
 * drawing its editor wrote, served as it is.
 */
const SVG_METADATA = /<([A-Za-z_][\w.-]*:)?metadata(?=[\s/>])[^>]*?(?:\/>|>[\s\S]*?<\/\1metadata\s*>)/g;

/** An SVG without its `<metadata>` elements (in the characters as given: no re-serialising). */
export function stripSvg(svg: string): string {
  return svg.replace(SVG_METADATA, '');
}
