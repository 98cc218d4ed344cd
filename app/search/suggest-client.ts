/**
 * What the header field loads when a visitor first focuses it (a chunk of its own, so no page
 * fetches search code before then): the ARIA combobox pattern over the field React rendered.
 * Typing asks the edge after a pause (SEARCH_DEBOUNCE_MS), one request at a time (a newer
 * query aborts the older); the results fill the list; ArrowDown/ArrowUp move through them,
 * Enter opens the chosen one as a link click would (so client navigation takes it) or, with
 * none chosen, submits the form to the search page; Escape closes the list; the status line
 * says how many were found. Text goes in with textContent only.
 */
import type { SearchAnswer, SearchHit } from './engine';

/**
 * What the field knows and this chunk needs. Handed over rather than imported: a module this
 * chunk shared with the page's bundle would be split into a chunk of its own, which every
 * page would then load (esbuild splits by which entries use a module).
 */
export interface SuggestOptions {
  /** the JSON endpoint of the page's locale, without the query */
  url: string;
  listId: string;
  /** "Results" of "Results: 3" */
  resultsLabel: string;
  debounceMs: number;
  maxChars: number;
  shown: number;
}

const optionId = (i: number) => `site-search-option-${i}`;
const attached = new WeakSet<HTMLInputElement>();

function isAnswer(value: unknown): value is SearchAnswer {
  const v = value as SearchAnswer | null;
  return typeof v === 'object' && v !== null && typeof v.total === 'number' && Array.isArray(v.hits);
}

/** Opens a page as a click on a link to it does: the client router takes it, else the browser. */
function openPage(path: string): void {
  const link = document.createElement('a');
  link.href = path;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

function span(className: string, text: string): HTMLSpanElement {
  const el = document.createElement('span');
  el.className = className;
  el.textContent = text;
  return el;
}

/** Makes the field a combobox; once per element (a new page's header is a new element). */
export function attachSuggestions(input: HTMLInputElement, options: SuggestOptions): void {
  const { url, listId, resultsLabel, debounceMs, maxChars, shown } = options;
  const list = document.getElementById(listId);
  const status = input.form?.querySelector('[role="status"]');
  if (attached.has(input) || !list || !status) return;
  attached.add(input);
  let hits: SearchHit[] = [];
  let active = -1;
  let open = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;

  function show(): void {
    const expanded = open && hits.length > 0;
    input.setAttribute('aria-expanded', String(expanded));
    list!.hidden = !expanded;
    if (expanded && active >= 0) input.setAttribute('aria-activedescendant', optionId(active));
    else input.removeAttribute('aria-activedescendant');
    const options = list!.children;
    for (let i = 0; i < options.length; i++) options[i]!.setAttribute('aria-selected', String(i === active));
  }

  function fill(answer: SearchAnswer | null): void {
    hits = answer ? answer.hits.slice(0, shown) : [];
    active = -1;
    open = hits.length > 0;
    list!.textContent = '';
    hits.forEach((hit, i) => {
      const option = document.createElement('li');
      option.id = optionId(i);
      option.setAttribute('role', 'option');
      option.className = 'site-search__option';
      option.appendChild(span('site-search__title', hit.title));
      option.appendChild(span('site-search__path', hit.path));
      // Keeps the focus in the field, so the click is not lost to its blur.
      option.addEventListener('mousedown', (event) => event.preventDefault());
      option.addEventListener('click', () => choose(i));
      list!.appendChild(option);
    });
    status!.textContent = answer ? `${resultsLabel}: ${answer.total}` : '';
    show();
  }

  function choose(i: number): void {
    const hit = hits[i];
    if (!hit) return;
    open = false;
    show();
    openPage(hit.path);
  }

  let asked = 0;
  async function ask(query: string): Promise<void> {
    const mine = ++asked;
    // Chrome 64-65 and Safari 12.0, which the site supports, have no AbortController: there an
    // older answer is dropped when it arrives instead of being aborted.
    const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
    inFlight = controller;
    try {
      const res = await fetch(`${url}?${new URLSearchParams({ q: query }).toString()}`, {
        signal: controller?.signal,
        headers: { Accept: 'application/json' },
      });
      const body: unknown = res.ok ? await res.json() : null;
      if (mine === asked) fill(isAnswer(body) ? body : null);
    } catch {
      // Aborted by a newer query, or offline: the form still submits to the search page.
    }
  }

  function typed(): void {
    clearTimeout(timer);
    inFlight?.abort();
    asked++; // an answer still on its way is for an older query
    const query = input.value.trim();
    if (!query || query.length > maxChars) return fill(null);
    timer = setTimeout(() => void ask(query), debounceMs);
  }

  input.addEventListener('input', typed);
  input.addEventListener('keydown', (event) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0 && hits.length > 0) {
      event.preventDefault();
      open = true;
      active = active < 0 ? (step > 0 ? 0 : hits.length - 1) : (active + step + hits.length) % hits.length;
      show();
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      open = false;
      active = -1;
      show();
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      choose(active);
    }
  });
  input.addEventListener('focus', () => {
    open = hits.length > 0;
    show();
  });
  input.addEventListener('blur', () => {
    open = false;
    show();
  });
  // Typed before this chunk arrived.
  if (input.value.trim()) typed();
}
