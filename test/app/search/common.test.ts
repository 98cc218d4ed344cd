/** Where search lives, as the worker routes it and the client router leaves it to the server. */
import { describe, expect, test } from 'vitest';
import { APP_BASE, appEndpoints } from '../../../app/endpoints';
import { isSearchPagePath, searchPageUrl } from '../../../app/search/common';
import { isServerOnlyPath } from '../../../app/navigation/guards';

describe('search paths', () => {
  test("the header field's endpoint is under the app's base, so no content page can take its path", () => {
    expect(appEndpoints.searchJsonBase.startsWith(APP_BASE)).toBe(true);
  });

  test("a locale's search page is a server page for the client router; deeper paths are not search pages", () => {
    expect(isServerOnlyPath('/de/search')).toBe(true);
    expect(isSearchPagePath('/de/search/more')).toBe(false);
    expect(isSearchPagePath('/de/kredite')).toBe(false);
  });

  test('a results page link keeps the query, encoded, and leaves out page 1', () => {
    expect(searchPageUrl('ru', 'ипотека & co', 1)).toBe('/ru/search?q=%D0%B8%D0%BF%D0%BE%D1%82%D0%B5%D0%BA%D0%B0+%26+co');
    expect(searchPageUrl('en', 'loan', 3)).toBe('/en/search?q=loan&page=3');
  });
});
