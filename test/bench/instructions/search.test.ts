/** The warm search's budget in instructions, judged over made-up counts. */
import { describe, expect, test } from 'vitest';
import { BOOT_DATA_ELEMENT_ID } from '../../../app/dom-ids';
import { instructionRatios, missedRatios } from '../../../bench/lib/instructions/measure';
import { SEARCH_RATIOS, searchAnswerProblem, searchScenarios } from '../../../bench/lib/instructions/search';

const counted = (render: number, json: number, page: number) => [
  { key: 'scaleRender', label: 'render', perRequest: [render, render, render] },
  { key: 'searchJson', label: 'json', perRequest: [json, json, json] },
  { key: 'searchPage', label: 'page', perRequest: [page, page, page] },
];

describe('the warm search in instructions', () => {
  test('searches of at most twice the instructions of a full render meet the budget', () => {
    expect(missedRatios(instructionRatios(counted(2_000_000, 1_500_000, 4_000_000), SEARCH_RATIOS))).toEqual([]);
  });

  test('a search request over twice the instructions of a full render misses it, the header field and the search page each', () => {
    const missed = missedRatios(instructionRatios(counted(2_000_000, 4_100_000, 4_000_001), SEARCH_RATIOS));
    expect(missed.map((r) => [r.key, r.over, r.limit])).toEqual([
      ['searchJson', 'scaleRender', 2],
      ['searchPage', 'scaleRender', 2],
    ]);
  });

  test('a search that was not counted misses the budget', () => {
    const missed = missedRatios(instructionRatios(counted(2_000_000, 1, 1).slice(0, 2), SEARCH_RATIOS));
    expect(missed.map((r) => r.key)).toEqual(['searchPage']);
  });

  test('both kinds of search go through every query in turn, on the locale of the rendered page', () => {
    const [render, json, page] = searchScenarios('http://w', ['rate', 'ä b']);
    expect(render!.url).toBe('http://w/en/page-1');
    expect(json!.urls).toEqual(['http://w/_app/search/en?q=rate', 'http://w/_app/search/en?q=%C3%A4%20b']);
    expect(page!.urls).toEqual(['http://w/en/search?q=rate', 'http://w/en/search?q=%C3%A4%20b']);
  });

  test('an error, a page of another build or an answer without a total is not counted as a search', () => {
    const page = (id: string) => `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">{"buildId":"${id}"}</script>`;
    expect(searchAnswerProblem('searchPage', 200, page('b1'), 'b1')).toBeNull();
    expect(searchAnswerProblem('searchPage', 200, page('b0'), 'b1')).toBe('page names build b0, expected b1');
    expect(searchAnswerProblem('searchPage', 503, page('b1'), 'b1')).toBe('status 503');
    expect(searchAnswerProblem('searchJson', 200, '{"total":0,"hits":[]}', 'b1')).toBeNull();
    expect(searchAnswerProblem('searchJson', 200, '{"error":"unavailable"}', 'b1')).toBe('no total in the answer');
    expect(searchAnswerProblem('searchJson', 200, '<html>', 'b1')).toBe('not JSON');
  });
});
