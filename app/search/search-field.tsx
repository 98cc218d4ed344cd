/**
 * The search field in every page's header, scoped to the page's locale. Without JavaScript it
 * is a form that loads the search page. In the page's bundle it is only this markup: the
 * first focus loads ./suggest-client (a chunk of its own), which makes it an ARIA combobox
 * (results as you type, arrows, Enter, Escape, the count announced politely). React renders
 * the list and the status empty and never changes them, so the chunk owns their contents.
 */
import type { FocusEvent } from 'react';
import type { Chrome } from '../build-records';
import { SEARCH_DEBOUNCE_MS, SEARCH_QUERY_MAX_CHARS } from '../constants';
import { appEndpoints } from '../endpoints';
import { SEARCH_LIST_ID, SEARCH_SUGGESTIONS_SHOWN, searchPagePath, searchStrings } from './common';

export function SearchField({ chrome }: { chrome: Chrome }) {
  const t = searchStrings(chrome.locale.lang);
  const code = chrome.locale.code;
  const attach = (event: FocusEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    import('./suggest-client').then(
      (m) =>
        m.attachSuggestions(input, {
          url: appEndpoints.searchJsonBase + code,
          listId: SEARCH_LIST_ID,
          resultsLabel: t.results,
          debounceMs: SEARCH_DEBOUNCE_MS,
          maxChars: SEARCH_QUERY_MAX_CHARS,
          shown: SEARCH_SUGGESTIONS_SHOWN,
        }),
      () => undefined, // without the chunk the field is the plain form, which still works
    );
  };
  return (
    <form role="search" aria-label={t.label} className="site-search" action={searchPagePath(code)} method="get">
      <label htmlFor="site-search-q" className="visually-hidden">
        {t.label}
      </label>
      <input
        id="site-search-q"
        className="site-search__input"
        type="search"
        name="q"
        autoComplete="off"
        placeholder={t.label}
        maxLength={SEARCH_QUERY_MAX_CHARS}
        role="combobox"
        aria-expanded={false}
        aria-controls={SEARCH_LIST_ID}
        aria-autocomplete="list"
        onFocus={attach}
      />
      <button type="submit" className="site-search__submit">
        {t.submit}
      </button>
      <ul id={SEARCH_LIST_ID} role="listbox" aria-label={t.results} className="site-search__list" hidden />
      <p role="status" className="visually-hidden" />
    </form>
  );
}
