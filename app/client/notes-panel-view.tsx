/**
 * What the review-notes panel shows: for a reviewer on a share link, the form that leaves a note
 * on a block; for an editor, the page's notes beside their blocks, to resolve or delete. Notes
 * are text, rendered as React text nodes, never as markup. Styles are inline (set through the
 * CSSOM, which the page's CSP allows) so the site's stylesheet does not grow for the live site.
 */
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { NOTE_REVIEWER_MAX_CHARS, NOTE_TEXT_MAX_CHARS } from '../constants';
import { noteStrings, withCount, type NoteStrings } from '../i18n/note-strings';
import type { Note } from '../notes';
import { blockElement, type PageBlock } from './note-blocks';
import type { SendOutcome } from './notes-api';

const card: CSSProperties = {
  background: '#fffdf4',
  color: '#1a1a1a',
  border: '1px solid #f59f00',
  borderRadius: '0.5rem',
  boxShadow: '0 0.25rem 1rem rgba(0, 0, 0, 0.15)',
  padding: '0.75rem',
  font: '0.9rem/1.4 system-ui, sans-serif',
};
const field: CSSProperties = { display: 'block', width: '100%', boxSizing: 'border-box', margin: '0.25rem 0 0.5rem', font: 'inherit' };
const toggleStyle: CSSProperties = {
  ...card,
  position: 'fixed',
  right: '1rem',
  bottom: '1rem',
  zIndex: 2147483000,
  cursor: 'pointer',
  padding: '0.5rem 0.75rem',
};

const blockLabel = (t: NoteStrings, blocks: readonly PageBlock[], path: string) => {
  if (path === '') return t.onPage;
  const at = blocks.findIndex((b) => b.path === path);
  return at === -1 ? path : withCount(t.blockNumber, at + 1);
};

function Toggle({ open, onToggle, label, controls }: { open: boolean; onToggle: () => void; label: string; controls: string }) {
  return (
    <button type="button" style={toggleStyle} aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      {label}
    </button>
  );
}

const MESSAGES: Record<Exclude<SendOutcome, 'sent'>, keyof NoteStrings> = {
  expired: 'expired',
  refused: 'refused',
  rate_limited: 'rateLimited',
  invalid: 'invalid',
  failed: 'failed',
};

export function ReviewerForm({
  lang,
  blocks,
  send,
}: {
  lang: string;
  blocks: readonly PageBlock[];
  send: (note: { block: string; text: string; reviewer: string }) => Promise<SendOutcome>;
}) {
  const t = noteStrings(lang);
  const [open, setOpen] = useState(true);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  const [text, setText] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => {
      const entry = data.get(name);
      return typeof entry === 'string' ? entry : '';
    };
    setSending(true);
    setStatus('');
    setProblem('');
    const outcome = await send({
      block: value('block'),
      text: value('text'),
      reviewer: value('reviewer'),
    });
    setSending(false);
    if (outcome === 'sent') {
      setText('');
      setStatus(t.sent);
    } else setProblem(t[MESSAGES[outcome]]);
  }

  return (
    <>
      <Toggle open={open} onToggle={() => setOpen(!open)} label={t.toggle} controls="review-notes" />
      <aside
        id="review-notes"
        lang={lang}
        aria-label={t.panel}
        hidden={!open}
        style={{ ...card, position: 'fixed', right: '1rem', bottom: '4rem', width: 'min(22rem, calc(100vw - 2rem))', zIndex: 2147483000 }}
      >
        <form onSubmit={(e) => void submit(e)}>
          <h2 style={{ fontSize: '1rem', margin: '0 0 0.5rem' }}>{t.leaveHeading}</h2>
          <label htmlFor="review-note-block">{t.block}</label>
          <select id="review-note-block" name="block" style={field} defaultValue="">
            <option value="">{t.wholePage}</option>
            {blocks.map((b, i) => (
              <option key={b.path} value={b.path}>
                {withCount(t.blockNumber, i + 1)}
                {b.words ? `: ${b.words}` : ''}
              </option>
            ))}
          </select>
          <label htmlFor="review-note-reviewer">{t.name}</label>
          <input id="review-note-reviewer" name="reviewer" autoComplete="name" required maxLength={NOTE_REVIEWER_MAX_CHARS} style={field} />
          <label htmlFor="review-note-text">{t.text}</label>
          <textarea
            id="review-note-text"
            name="text"
            required
            rows={4}
            maxLength={NOTE_TEXT_MAX_CHARS}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            style={field}
          />
          <button type="submit" disabled={sending}>
            {sending ? t.sending : t.send}
          </button>
          <p role="status" style={{ margin: '0.5rem 0 0' }}>
            {status}
          </p>
          <p role="alert" style={{ margin: 0, color: '#a61e1e' }}>
            {problem}
          </p>
        </form>
      </aside>
    </>
  );
}

/** One note as an editor sees it: its text as text (a React text node), however it is spelled. */
export function NoteCard({
  note,
  lang,
  label,
  act,
}: {
  note: Note;
  lang: string;
  label: string;
  act: (action: 'resolve' | 'delete') => void;
}) {
  const t = noteStrings(lang);
  return (
    <article data-note-id={note.id} style={{ ...card, marginBottom: '0.5rem', opacity: note.resolvedAt === null ? 1 : 0.7 }}>
      <h3 style={{ fontSize: '0.8rem', margin: 0, fontWeight: 'normal' }}>
        {label} · <strong>{note.reviewer}</strong> ·{' '}
        <time dateTime={new Date(note.createdAt).toISOString()}>{new Date(note.createdAt).toLocaleString(lang)}</time>
      </h3>
      <p style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: '0.25rem 0' }}>{note.text}</p>
      {note.resolvedAt !== null && <p style={{ margin: '0 0 0.25rem', fontStyle: 'italic' }}>{t.resolved}</p>}
      {note.resolvedAt === null && (
        <button type="button" onClick={() => act('resolve')}>
          {t.resolve}
        </button>
      )}{' '}
      <button type="button" onClick={() => act('delete')}>
        {t.remove}
      </button>
    </article>
  );
}

/** Puts each group of notes beside its block (the page's notes at the top), none over another. */
function placeGroups(root: Element, aside: HTMLElement) {
  let below = 0;
  const groups = [...aside.querySelectorAll<HTMLElement>('[data-note-block]')].map((group) => {
    const block = blockElement(root, group.dataset.noteBlock ?? '') ?? root;
    return { group, top: block.getBoundingClientRect().top + window.scrollY };
  });
  for (const { group, top } of groups.sort((a, b) => a.top - b.top)) {
    const at = Math.max(top, below);
    group.style.top = `${at}px`;
    below = at + group.offsetHeight + 8;
  }
}

export function EditorNotes({
  lang,
  root,
  notes,
  blocks,
  change,
}: {
  lang: string;
  root: Element;
  notes: readonly Note[];
  blocks: readonly PageBlock[];
  change: (action: 'resolve' | 'delete', id: string) => Promise<boolean>;
}) {
  const t = noteStrings(lang);
  const [open, setOpen] = useState(true);
  const [problem, setProblem] = useState('');
  const aside = useRef<HTMLElement>(null);
  const groups = new Map<string, Note[]>();
  for (const note of notes) {
    const key = note.block !== '' && blockElement(root, note.block) ? note.block : '';
    groups.set(key, [...(groups.get(key) ?? []), note]);
  }
  const openCount = notes.filter((n) => n.resolvedAt === null).length;

  useLayoutEffect(() => {
    if (aside.current && open) placeGroups(root, aside.current);
  });
  useEffect(() => {
    const place = () => aside.current && placeGroups(root, aside.current);
    const observer = new ResizeObserver(place);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [root]);

  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  async function act(action: 'resolve' | 'delete', id: string) {
    setProblem('');
    setSaid('');
    if (!(await change(action, id))) return setProblem(t.actionFailed);
    // The button pressed is gone with the note or its state: focus stays in the panel, and the outcome is said.
    heading.current?.focus();
    setSaid(action === 'resolve' ? t.resolved : t.removed);
  }

  return (
    <>
      <Toggle
        open={open}
        onToggle={() => setOpen(!open)}
        label={`${t.toggle} · ${withCount(t.openCount, openCount)}`}
        controls="review-notes"
      />
      <aside
        id="review-notes"
        ref={aside}
        lang={lang}
        aria-label={t.panel}
        hidden={!open}
        style={{ position: 'absolute', top: 0, right: '0.5rem', width: 'min(20rem, 45vw)', zIndex: 2147482000, pointerEvents: 'none' }}
      >
        <h2 ref={heading} tabIndex={-1} style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' }}>
          {t.listHeading}
        </h2>
        <p role="status" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' }}>
          {said}
        </p>
        <p role="alert" style={{ ...(problem ? card : {}), position: 'fixed', right: '1rem', bottom: '4rem', margin: 0, color: '#a61e1e' }}>
          {problem}
        </p>
        {notes.length === 0 && (
          <p
            style={{
              ...card,
              position: 'absolute',
              top: root.getBoundingClientRect().top + window.scrollY,
              margin: 0,
              pointerEvents: 'auto',
            }}
          >
            {t.none}
          </p>
        )}
        {[...groups].map(([block, list]) => (
          <section
            key={block}
            data-note-block={block}
            aria-label={blockLabel(t, blocks, block)}
            style={{ position: 'absolute', left: 0, right: 0, pointerEvents: 'auto' }}
          >
            {list.map((note) => (
              <NoteCard
                key={note.id}
                note={note}
                lang={lang}
                label={blockLabel(t, blocks, block)}
                act={(action) => void act(action, note.id)}
              />
            ))}
          </section>
        ))}
      </aside>
    </>
  );
}
