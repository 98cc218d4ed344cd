/**
 * Metadata a camera or an editing tool leaves in an image (EXIF with GPS, XMP, IPTC, comments),
 * and a reader of what a file carries besides its picture, for tests of what the build publishes.
 */
import { crc32, deflateSync } from 'node:zlib';
import { be16, be32, bytes, gif } from './images';

/**
 * What a published image file carries besides its picture, read from its structure (JPEG
 * segments, PNG chunks, RIFF chunks, ISO-BMFF items, GIF blocks), not by searching for strings:
 * `metadata` names every block that is not part of the picture (`EXIF`, `XMP`, `IPTC`,
 * `comment`, or the block's own name), `icc` whether a colour profile is embedded.
 */
export interface ImageBlocks {
  format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';
  metadata: string[];
  icc: boolean;
}

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, Math.min(to, b.length)));
const u16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32 = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;

function jpegBlocks(b: Uint8Array): ImageBlocks {
  const metadata: string[] = [];
  let icc = false;
  let i = 2;
  let ended = false;
  while (i < b.length && !ended) {
    if (b[i] !== 0xff) throw new Error(`JPEG: no marker at byte ${i}`);
    const marker = b[i + 1]!;
    if (marker === 0xd9) {
      ended = true;
      i += 2;
      break;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0xff) {
      i += marker === 0xff ? 1 : 2;
      continue;
    }
    const end = i + 2 + u16(b, i + 2);
    const id = ascii(b, i + 4, i + 4 + 35);
    if (marker === 0xe1) metadata.push(id.startsWith('Exif\0') ? 'EXIF' : id.startsWith('http://ns.adobe.com/') ? 'XMP' : 'APP1');
    else if (marker === 0xed) metadata.push('IPTC');
    else if (marker === 0xfe) metadata.push('comment');
    else if (marker === 0xe2 && id.startsWith('ICC_PROFILE\0')) icc = true;
    // APP0 (JFIF) and APP14 (Adobe: colour transform) describe the picture; other APPn do not.
    else if (marker >= 0xe2 && marker <= 0xef && marker !== 0xee) metadata.push(`APP${marker - 0xe0} ${id.split('\0')[0]}`);
    i = end;
    if (marker === 0xda) {
      // Entropy-coded data up to the next marker that is not a stuffed 0xFF00 or a restart.
      while (i + 1 < b.length && !(b[i] === 0xff && b[i + 1] !== 0 && !(b[i + 1]! >= 0xd0 && b[i + 1]! <= 0xd7))) i++;
    }
  }
  if (!ended) throw new Error('JPEG: no end of image');
  // A camera appends more pictures (with their own EXIF) after the first one's end.
  if (i < b.length) metadata.push(`${b.length - i} bytes after the end of the image`);
  return { format: 'jpeg', metadata, icc };
}

const PNG_PICTURE_CHUNKS = [
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'sBIT',
  'bKGD',
  'pHYs',
  'cICP',
  'acTL',
  'fcTL',
  'fdAT',
];

function pngBlocks(b: Uint8Array): ImageBlocks {
  const metadata: string[] = [];
  let icc = false;
  for (let i = 8; i + 8 <= b.length; i += 12 + u32(b, i)) {
    const type = ascii(b, i + 4, i + 8);
    if (type === 'iCCP') icc = true;
    else if (type === 'eXIf') metadata.push('EXIF');
    else if (['iTXt', 'zTXt', 'tEXt'].includes(type)) {
      const keyword = ascii(b, i + 8, i + 8 + 80).split('\0')[0]!;
      metadata.push(keyword === 'XML:com.adobe.xmp' ? 'XMP' : /iptc/i.test(keyword) ? 'IPTC' : `${type} ${keyword}`);
    } else if (!PNG_PICTURE_CHUNKS.includes(type)) metadata.push(type);
  }
  return { format: 'png', metadata, icc };
}

function webpBlocks(b: Uint8Array): ImageBlocks {
  const metadata: string[] = [];
  let icc = false;
  const le = (i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;
  for (let i = 12; i + 8 <= b.length; i += 8 + le(i + 4) + (le(i + 4) % 2)) {
    const type = ascii(b, i, i + 4);
    if (type === 'ICCP') icc = true;
    else if (type === 'EXIF') metadata.push('EXIF');
    else if (type === 'XMP ') metadata.push('XMP');
    else if (!['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF'].includes(type)) metadata.push(type);
  }
  return { format: 'webp', metadata, icc };
}

/** AVIF: the items of its `meta` box (EXIF is an `Exif` item, XMP a `mime` item) and its `colr` property. */
function avifBlocks(b: Uint8Array): ImageBlocks {
  const metadata: string[] = [];
  let icc = false;
  const walk = (from: number, to: number) => {
    for (let i = from; i + 8 <= to;) {
      const size = u32(b, i) || to - i;
      const type = ascii(b, i + 4, i + 8);
      if (type === 'meta') walk(i + 12, i + size);
      else if (type === 'iprp' || type === 'ipco') walk(i + 8, i + size);
      else if (type === 'iinf') walk(i + 12 + (b[i + 8] === 0 ? 2 : 4), i + size);
      else if (type === 'infe' && b[i + 8]! >= 2) {
        const at = i + 12 + (b[i + 8] === 2 ? 2 : 4) + 2;
        const itemType = ascii(b, at, at + 4);
        if (itemType === 'Exif') metadata.push('EXIF');
        else if (itemType === 'mime') metadata.push(ascii(b, at + 4, i + size).includes('rdf+xml') ? 'XMP' : 'mime item');
      } else if (type === 'colr' && ['prof', 'rICC'].includes(ascii(b, i + 8, i + 12))) icc = true;
      else if (type === 'irot' || type === 'imir') metadata.push(type);
      i += size;
    }
  };
  walk(0, b.length);
  return { format: 'avif', metadata, icc };
}

function gifBlocks(b: Uint8Array): ImageBlocks {
  const metadata: string[] = [];
  let icc = false;
  const table = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  const afterSubBlocks = (start: number) => {
    let i = start;
    while (b[i]) i += 1 + b[i]!;
    return i + 1;
  };
  let i = 13 + table(b[10]!);
  while (i < b.length && b[i] !== 0x3b) {
    if (b[i] === 0x2c) i = afterSubBlocks(i + 10 + table(b[i + 9]!) + 1);
    else if (b[i] === 0x21) {
      const label = b[i + 1]!;
      const app = ascii(b, i + 3, i + 3 + 11);
      if (label === 0xfe) metadata.push('comment');
      else if (label === 0xff && app === 'ICCRGBG1012') icc = true;
      else if (label === 0xff && app.startsWith('XMP Data')) metadata.push('XMP');
      else if (label === 0xff && app !== 'NETSCAPE2.0') metadata.push(`application ${app}`);
      i = afterSubBlocks(i + 2);
    } else throw new Error(`GIF: unknown block at byte ${i}`);
  }
  if (i + 1 < b.length) metadata.push(`${b.length - i - 1} bytes after the trailer`);
  return { format: 'gif', metadata, icc };
}

export function imageBlocks(b: Uint8Array): ImageBlocks {
  if (b[0] === 0xff && b[1] === 0xd8) return jpegBlocks(b);
  if (ascii(b, 0, 8) === '\x89PNG\r\n\x1a\n') return pngBlocks(b);
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return webpBlocks(b);
  if (ascii(b, 4, 8) === 'ftyp') return avifBlocks(b);
  if (ascii(b, 0, 4) === 'GIF8') return gifBlocks(b);
  throw new Error(`not an image format imageBlocks reads (starts ${JSON.stringify(ascii(b, 0, 12))})`);
}

export const XMP_PACKET =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Alice Example"/></rdf:RDF></x:xmpmeta>';
/** An IPTC-IIM record (2:80 by-line) in a Photoshop resource, as cameras and Photoshop write it. */
const IPTC_RECORD = bytes([0x1c, 2, 80], be16(13), 'Alice Example');
const PHOTOSHOP_IPTC = bytes('Photoshop 3.0\0', '8BIM', be16(0x0404), [0, 0], be32(IPTC_RECORD.length), IPTC_RECORD, [0]);

/** EXIF as a camera with a GPS receiver writes it: make, model, time and where the photo was taken. */
export const CAMERA_EXIF = {
  IFD0: { Make: 'TestCam', Model: 'GPS-9000', DateTime: '2026:05:01 12:00:00' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 26/1 15/1', GPSLongitudeRef: 'E', GPSLongitude: '24/1 44/1 30/1' },
};

/** A JPEG APP13 segment holding IPTC, put right after SOI (sharp cannot write IPTC). */
export function withIptcSegment(jpegBytes: Uint8Array): Buffer {
  return Buffer.concat([
    jpegBytes.subarray(0, 2),
    bytes([0xff, 0xed], be16(PHOTOSHOP_IPTC.length + 2), PHOTOSHOP_IPTC),
    jpegBytes.subarray(2),
  ]);
}

/** PNG text chunks before IEND: XMP in iTXt, IPTC as ImageMagick writes it in zTXt, a comment in tEXt. */
export function withPngTextChunks(pngBytes: Uint8Array): Buffer {
  const chunk = (type: string, data: Uint8Array) => bytes(be32(data.length), type, data, be32(crc32(bytes(type, data))));
  const iend = pngBytes.length - 12;
  return Buffer.concat([
    pngBytes.subarray(0, iend),
    chunk('iTXt', bytes('XML:com.adobe.xmp\0', [0, 0], '\0\0', XMP_PACKET)),
    chunk('zTXt', bytes('Raw profile type iptc\0', [0], deflateSync(IPTC_RECORD))),
    chunk('tEXt', bytes('Comment\0', 'shot at home')),
    pngBytes.subarray(iend),
  ]);
}

/** A GIF with a comment, an XMP application extension and a loop extension before its frame. */
export function gifWithMetadata(width: number, height: number): Buffer {
  const plain = gif(width, height);
  const header = 13 + 6; // two-colour global table
  const subBlocks = (data: Uint8Array) => {
    const out: number[] = [];
    for (let i = 0; i < data.length; i += 255) out.push(Math.min(255, data.length - i), ...data.subarray(i, i + 255));
    return bytes(out, [0]);
  };
  return Buffer.concat([
    plain.subarray(0, header),
    bytes([0x21, 0xff, 11], 'NETSCAPE2.0', [3, 1, 0, 0, 0]),
    bytes([0x21, 0xfe], subBlocks(bytes('shot at home'))),
    bytes([0x21, 0xff, 11], 'XMP DataXMP', subBlocks(bytes(XMP_PACKET))),
    plain.subarray(header),
  ]);
}

/**
 * A JPEG as a phone leaves it: a comment segment, and a second picture (a preview with EXIF of
 * its own) appended after the end marker, where decoders never look.
 */
export function withCommentAndAppendedPicture(jpegBytes: Uint8Array, appended: Uint8Array): Buffer {
  const comment = bytes('shot at home');
  return Buffer.concat([jpegBytes.subarray(0, 2), bytes([0xff, 0xfe], be16(comment.length + 2), comment), jpegBytes.subarray(2), appended]);
}
