/**
 * The search page: the query in a form of its own (it works without JavaScript), the results
 * with their marked excerpts and paths, pages of results as links, and when nothing is found
 * the locale's main pages (its navigation) as suggestions.
 */
import type { ReactNode } from 'react';
import type { Chrome } from '../build-records';
import { SEARCH_QUERY_MAX_CHARS } from '../constants';
import { SEARCH_RESULTS_PER_PAGE, searchPageUrl, searchStrings } from './common';
import type { SearchAnswer } from './engine';
import type { SearchTrouble } from './answer';
import type { Excerpt } from './excerpt';

export interface SearchScreenProps {
  chrome: Chrome;
  query: string;
  answer: SearchAnswer | null;
  trouble?: SearchTrouble;
}

/**
 * Calls `visit` with the excerpt's plain text and matched words in turn (each with its place
 * among them), as the screen shows them.
 */
function forEachPiece({ text, marks }: Excerpt, visit: (piece: string, mark: boolean, place: number) => void): void {
  let at = 0;
  let place = 0;
  for (let i = 0; i + 1 < marks.length; i += 2) {
    const markStart = marks[i]!;
    const markEnd = marks[i + 1]!;
    if (markStart > at) visit(text.slice(at, markStart), false, place++);
    visit(text.slice(markStart, markEnd), true, place++);
    at = markEnd;
  }
  if (text.length > at) visit(text.slice(at), false, place);
}

/** An excerpt's text with its matched words in <mark>, and its cuts as the style sheet's ellipses. */
function excerptNodes(excerpt: Excerpt): ReactNode[] {
  const nodes: ReactNode[] = [];
  if (excerpt.cutStart) nodes.push(<span key="start" className="search-result__cut search-result__cut--start" />);
  forEachPiece(excerpt, (piece, mark, place) => nodes.push(mark ? <mark key={place}>{piece}</mark> : piece));
  if (excerpt.cutEnd) nodes.push(<span key="end" className="search-result__cut search-result__cut--end" />);
  return nodes;
}

function Pagination({ chrome, answer }: { chrome: Chrome; answer: SearchAnswer }) {
  const t = searchStrings(chrome.locale.lang);
  if (answer.pageCount < 2) return null;
  const link = (page: number) => searchPageUrl(chrome.locale.code, answer.query, page);
  return (
    <nav className="search-pages" aria-label={t.page}>
      {answer.page > 1 && (
        <a href={link(answer.page - 1)} rel="prev">
          {t.previous}
        </a>
      )}
      <span>{`${t.page} ${answer.page} / ${answer.pageCount}`}</span>
      {answer.page < answer.pageCount && (
        <a href={link(answer.page + 1)} rel="next">
          {t.next}
        </a>
      )}
    </nav>
  );
}

export function SearchScreen({ chrome, query, answer, trouble }: SearchScreenProps) {
  const t = searchStrings(chrome.locale.lang);
  const troubleText =
    trouble === 'too-long' ? t.tooLong : trouble === 'bad-page' ? t.badPage : trouble === 'unavailable' ? t.unavailable : null;
  return (
    <section className="screen search-page">
      <h1 tabIndex={-1}>
        {query && !trouble ? (
          <>
            {t.resultsFor} <q>{query}</q>
          </>
        ) : (
          t.label
        )}
      </h1>
      <form className="search-page__form" action={`/${chrome.locale.code}/search`} method="get">
        <label htmlFor="search-page-q">{t.label}</label>
        <input
          id="search-page-q"
          type="search"
          name="q"
          defaultValue={trouble === 'too-long' ? '' : query}
          maxLength={SEARCH_QUERY_MAX_CHARS}
        />
        <button type="submit" className="button button--primary">
          {t.submit}
        </button>
      </form>
      {troubleText && <p className="search-page__trouble">{troubleText}</p>}
      {!troubleText && !answer && <p>{t.empty}</p>}
      {answer && answer.total > 0 && (
        <>
          <p className="search-page__count">{`${t.results}: ${answer.total}`}</p>
          <ol className="search-results" start={(answer.page - 1) * SEARCH_RESULTS_PER_PAGE + 1}>
            {answer.hits.map((hit) => (
              <li key={hit.path} className="search-result">
                <a className="search-result__title" href={hit.path}>
                  {hit.title}
                </a>
                <p className="search-result__excerpt">{excerptNodes(hit.excerpt)}</p>
                <p className="search-result__path">{hit.path}</p>
              </li>
            ))}
          </ol>
          <Pagination chrome={chrome} answer={answer} />
        </>
      )}
      {answer && answer.total === 0 && (
        <div className="search-page__none">
          <p>
            {t.noResults} <q>{answer.query}</q>
          </p>
          {chrome.navigation.length > 0 && (
            <>
              <h2>{t.suggestions}</h2>
              <ul className="search-suggestions">
                {chrome.navigation.map((link) => (
                  <li key={link.href}>
                    <a href={link.href}>{link.label}</a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
