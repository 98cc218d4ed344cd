/** What the page of photos' measurement (image-page-measure.ts) hands on, and the ratios its budgets judge (pure). */
import { median } from './budgets';
import type { HtmlWeight } from './html-weight';

export type ImagePageKey = 'fixture' | 'images' | 'imagesPlain';

export interface ImagePageFigures {
  key: ImagePageKey;
  label: string;
  path: string;
  weight: HtmlWeight;
  /** full render, edge cache bypassed: instructions per request, one figure per round */
  renderInstructions: number[];
}

export interface ImagePageMeasurements {
  images: number;
  pages: ImagePageFigures[];
}

/** The page of photos over the plain one: HTML raw and gzip, render instructions (medians); extra bytes per image. */
export interface ImagePageRatios {
  rawVsPlain: number;
  gzipVsPlain: number;
  renderInstructionsVsPlain: number;
  extraRawBytesPerImage: number;
  extraGzipBytesPerImage: number;
}

export function imagePageRatios(m: ImagePageMeasurements): ImagePageRatios {
  const of = (key: ImagePageKey) => m.pages.find((p) => p.key === key);
  const images = of('images');
  const plain = of('imagesPlain');
  if (!images || !plain)
    return { rawVsPlain: NaN, gzipVsPlain: NaN, renderInstructionsVsPlain: NaN, extraRawBytesPerImage: NaN, extraGzipBytesPerImage: NaN };
  return {
    rawVsPlain: images.weight.inline.bytes / plain.weight.inline.bytes,
    gzipVsPlain: images.weight.inline.gzip / plain.weight.inline.gzip,
    renderInstructionsVsPlain: median(images.renderInstructions) / median(plain.renderInstructions),
    extraRawBytesPerImage: (images.weight.inline.bytes - plain.weight.inline.bytes) / m.images,
    extraGzipBytesPerImage: (images.weight.inline.gzip - plain.weight.inline.gzip) / m.images,
  };
}
