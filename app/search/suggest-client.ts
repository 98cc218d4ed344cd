/**
 * What the header field loads when a visitor first focuses it (a chunk of its own, so no page
 * fetches search code before then): asks the edge for results as the visitor types, after a
 * pause (SEARCH_DEBOUNCE_MS), one request at a time (a newer query aborts the older), and
 * opens a chosen result the way a link click would, so client navigation takes it when it runs.
 */
import { SEARCH_DEBOUNCE_MS, SEARCH_QUERY_MAX_CHARS } from '../constants';
import type { SearchAnswer } from './engine';
import { searchJsonUrl } from './paths';

export interface Suggester {
  /** the visitor typed: results come to `onAnswer` after the pause (null: nothing to show) */
  ask(text: string): void;
  cancel(): void;
}

function isAnswer(value: unknown): value is SearchAnswer {
  const v = value as SearchAnswer | null;
  return typeof v === 'object' && v !== null && typeof v.total === 'number' && Array.isArray(v.hits);
}

export function createSuggester(localeCode: string, onAnswer: (answer: SearchAnswer | null) => void): Suggester {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  const cancel = () => {
    clearTimeout(timer);
    inFlight?.abort();
    inFlight = undefined;
  };
  async function fetchAnswer(query: string): Promise<void> {
    const controller = new AbortController();
    inFlight = controller;
    try {
      const res = await fetch(searchJsonUrl(localeCode, query), { signal: controller.signal, headers: { Accept: 'application/json' } });
      const body: unknown = res.ok ? await res.json() : null;
      if (!controller.signal.aborted) onAnswer(isAnswer(body) ? body : null);
    } catch {
      // Aborted by a newer query, or offline: the form still submits to the search page.
    }
  }
  return {
    ask(text) {
      cancel();
      const query = text.trim();
      if (!query || query.length > SEARCH_QUERY_MAX_CHARS) return onAnswer(null);
      timer = setTimeout(() => void fetchAnswer(query), SEARCH_DEBOUNCE_MS);
    },
    cancel,
  };
}

/** Opens a page as a click on a link to it does: the client router takes it, else the browser. */
export function openPage(path: string): void {
  const link = document.createElement('a');
  link.href = path;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
}
