/** The inline boot data's weight, from made-up pages. */
import { describe, expect, test } from 'vitest';
import { firstVisitBrotli, htmlWeight, splitBootData } from '../../../bench/lib/bench/html-weight';

const text = 'Loans for homes and cars, with a fixed rate for the first five years. '.repeat(40);
const boot = JSON.stringify({ buildId: 'x', view: { kind: 'page', payload: { text } } });
const page = `<!doctype html><main><p>${text}</p></main><script type="application/json" id="site-data">${boot}</script><script src="/a.js"></script>`;

describe('HTML weight', () => {
  test('splits the boot data element from the rest of the page', () => {
    const { bootData, rest } = splitBootData(page);
    expect(bootData).toBe(boot);
    expect(rest).toBe(`<!doctype html><main><p>${text}</p></main><script src="/a.js"></script>`);
  });

  test('a page without boot data is an error, not a zero', () => {
    expect(() => splitBootData('<!doctype html><p>no data</p>')).toThrow(/no #site-data/);
  });

  test('inline, the payload compresses against the page’s own text; as a file it does not', () => {
    const w = htmlWeight('/en', page);
    expect(w.inline.bytes).toBe(Buffer.byteLength(page));
    expect(w.inline.bytes - w.withoutBootData.bytes).toBeGreaterThan(2_000);
    // The repeated text costs almost nothing more inside the page.
    expect(w.inline.brotli - w.withoutBootData.brotli).toBeLessThan(w.bootData.brotli);
    const visit = firstVisitBrotli(w);
    expect(visit.inline).toBeLessThan(visit.fromFile);
  });
});
