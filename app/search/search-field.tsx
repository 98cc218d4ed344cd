/**
 * The search field in every page's header, scoped to the page's locale. Without JavaScript it
 * is a form that loads the search page. After hydration it is an ARIA combobox: the first focus
 * loads ./suggest-client (a chunk of its own), typing lists results from the edge, arrows move
 * through them, Enter opens the one chosen (or, with none chosen, submits to the search page,
 * so the query is in the URL), Escape closes the list, and the count is announced politely.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Chrome } from '../build-records';
import { SEARCH_QUERY_MAX_CHARS } from '../constants';
import type { SearchAnswer, SearchHit } from './engine';
import { SEARCH_SUGGESTIONS_SHOWN } from './limits';
import { searchPagePath } from './paths';
import { searchStrings } from './strings';
import type { Suggester } from './suggest-client';

const LIST_ID = 'site-search-list';
const optionId = (i: number) => `site-search-option-${i}`;

interface Loaded {
  suggester: Suggester;
  openPage: (path: string) => void;
}

export function SearchField({ chrome }: { chrome: Chrome }) {
  const t = searchStrings(chrome.locale.lang);
  const code = chrome.locale.code;
  const [answer, setAnswer] = useState<SearchAnswer | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const loaded = useRef<Promise<Loaded> | null>(null);

  const load = () =>
    (loaded.current ??= import('./suggest-client').then((m) => ({
      suggester: m.createSuggester(code, (next) => {
        setAnswer(next);
        setActive(-1);
        setOpen(next !== null);
      }),
      openPage: m.openPage,
    })));
  useEffect(() => () => void loaded.current?.then((m) => m.suggester.cancel()), []);

  const hits = answer?.hits.slice(0, SEARCH_SUGGESTIONS_SHOWN) ?? [];
  const expanded = open && hits.length > 0;
  const choose = (hit: SearchHit) => {
    setOpen(false);
    void load().then((m) => m.openPage(hit.path));
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0 && hits.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i < 0 ? (step > 0 ? 0 : hits.length - 1) : (i + step + hits.length) % hits.length));
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && expanded && active >= 0 && hits[active]) {
      event.preventDefault();
      choose(hits[active]);
    }
  }

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
        aria-expanded={expanded}
        aria-controls={LIST_ID}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        onFocus={() => {
          void load();
          if (answer) setOpen(true);
        }}
        onChange={(event) => {
          const text = event.currentTarget.value;
          void load().then((m) => m.suggester.ask(text));
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <button type="submit" className="site-search__submit">
        {t.submit}
      </button>
      <ul id={LIST_ID} role="listbox" aria-label={t.results} className="site-search__list" hidden={!expanded}>
        {hits.map((hit, i) => (
          <li
            key={hit.path}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className="site-search__option"
            // Keeps the focus in the field, so the click is not lost to its blur.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(hit)}
          >
            <span className="site-search__title">{hit.title}</span>
            <span className="site-search__path">{hit.path}</span>
          </li>
        ))}
      </ul>
      <p role="status" className="visually-hidden">
        {answer ? `${t.results}: ${answer.total}` : ''}
      </p>
    </form>
  );
}
