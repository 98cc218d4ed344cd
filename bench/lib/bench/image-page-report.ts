/** What the page of photos' measurements print, and the JSON they leave (formatting only; the budgets are budgets.ts'). */
import { fmt, section, table } from '../format';
import { median } from './budgets';
import { imagePageRatios, type ImagePageMeasurements } from './image-page-figures';

type Log = (line: string) => void;

export function printImagePage(m: ImagePageMeasurements, log: Log): void {
  const r = imagePageRatios(m);
  log(section(`Page of ${m.images} photos against the same page with image variants off (instructions: callgrind, workerd)`));
  log(
    table(
      ['page', 'HTML raw', 'gzip', 'brotli', 'boot data raw', 'render instr/req (median)', 'rounds'],
      m.pages.map((p) => [
        p.label,
        fmt.kb(p.weight.inline.bytes),
        fmt.kb(p.weight.inline.gzip),
        fmt.kb(p.weight.inline.brotli),
        fmt.kb(p.weight.bootData.bytes),
        fmt.int(median(p.renderInstructions)),
        p.renderInstructions.map(fmt.int).join(', '),
      ]),
    ),
  );
  log(
    `photos over plain: raw ${fmt.ratio(r.rawVsPlain)}, gzip ${fmt.ratio(r.gzipVsPlain)}, render instructions ${fmt.ratio(r.renderInstructionsVsPlain)}; ` +
      `per image ${fmt.int(r.extraRawBytesPerImage)} B raw, ${fmt.int(r.extraGzipBytesPerImage)} B gzip more`,
  );
}

/** The figures as JSON (bench/image-page.json and bench/results.json's `imagePage`). */
export function imagePageResults(m: ImagePageMeasurements) {
  return {
    images: m.images,
    ratios: imagePageRatios(m),
    pages: m.pages.map((p) => ({
      key: p.key,
      path: p.path,
      html: p.weight.inline,
      bootData: p.weight.bootData,
      renderInstructions: { median: median(p.renderInstructions), rounds: p.renderInstructions },
    })),
  };
}
