/**
 * The consent banner (the footer's "Cookie settings" that reopens it is in layouts.tsx, so
 * that this file stays a lazy part of its own). Both are in every page of a site with a tag
 * manager, the same HTML for every visitor (so the edge cache stays shared); the
 * stylesheet shows the banner only under `<html data-consent="ask">`, which only the inline
 * consent script and the footer button set. Without JavaScript neither shows: no tag runs then.
 *
 * A labelled region, not a modal: the page stays readable and usable around it, and it is
 * fixed to the bottom of the viewport, so showing or hiding it moves nothing on the page.
 */
import { useEffect, useRef, useState, type Ref, type RefObject } from 'react';
import type { Chrome } from '../build-records';
import type { ConsentChoice } from '../consent';
import { FULL_CONSENT, NO_CONSENT, bannerShown, onSettingsRequested, readConsent, restoreFocus, saveConsent } from '../dom/consent';
import { consentStrings } from '../i18n/consent-strings';

const SETTINGS_ID = 'consent-settings';
const TITLE_ID = 'consent-title';

/** Keeps `--consent-height` on <html> at the banner's height, so the end of the page can be scrolled clear of it. */
function useHeightVariable(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = ref.current;
    // Safari 12 has no ResizeObserver: there the page's end may stay under the banner.
    if (!el || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--consent-height', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
}

interface SwitchProps {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  inputRef?: Ref<HTMLInputElement>;
}

function CategorySwitch({ id, label, description, checked, onChange, inputRef }: SwitchProps) {
  return (
    <li className="consent__category">
      <input
        ref={inputRef}
        type="checkbox"
        role="switch"
        id={id}
        checked={checked}
        disabled={!onChange}
        readOnly={!onChange}
        aria-describedby={`${id}-text`}
        onChange={onChange && ((e) => onChange(e.currentTarget.checked))}
      />
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-text`} className="consent__category-text">
        {description}
      </p>
    </li>
  );
}

export function ConsentBanner({ chrome }: { chrome: Chrome }) {
  const t = consentStrings(chrome);
  const privacyHref = chrome.consent?.privacyHref;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [draft, setDraft] = useState<ConsentChoice>(NO_CONSENT);
  // Each "Cookie settings" click counts once: the effect below moves focus for it, then notes it done.
  const [focusRequests, setFocusRequests] = useState(0);
  const focusedFor = useRef(0);
  const region = useRef<HTMLElement>(null);
  const firstSwitch = useRef<HTMLInputElement>(null);
  useHeightVariable(region);

  const openSettings = () => {
    setDraft(readConsent() ?? NO_CONSENT);
    setSettingsOpen(true);
  };
  useEffect(
    () =>
      onSettingsRequested(() => {
        openSettings();
        setFocusRequests((n) => n + 1);
      }),
    [],
  );
  // Once the settings asked for from the footer are on screen, the visitor is taken to them.
  useEffect(() => {
    if (!settingsOpen || focusedFor.current === focusRequests) return;
    focusedFor.current = focusRequests;
    if (bannerShown()) firstSwitch.current?.focus();
  }, [focusRequests, settingsOpen]);

  const choose = (choice: ConsentChoice) => {
    saveConsent(choice);
    setSettingsOpen(false);
    restoreFocus();
  };

  return (
    <section ref={region} className="consent" aria-labelledby={TITLE_ID}>
      <div className="consent__inner">
        <h2 id={TITLE_ID} className="consent__title">
          {t.title}
        </h2>
        <p className="consent__text">
          {t.body}
          {privacyHref && (
            <>
              {' '}
              <a href={privacyHref}>{t.privacyLink}</a>
            </>
          )}
        </p>
        {/* Refusing is exactly as easy and as prominent as accepting: same style, one click. */}
        <div className="consent__actions">
          <button type="button" className="button button--secondary" onClick={() => choose(NO_CONSENT)}>
            {t.rejectAll}
          </button>
          <button type="button" className="button button--secondary" onClick={() => choose(FULL_CONSENT)}>
            {t.acceptAll}
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={settingsOpen}
            aria-controls={SETTINGS_ID}
            onClick={() => (settingsOpen ? setSettingsOpen(false) : openSettings())}
          >
            {t.settings}
          </button>
        </div>
        <div id={SETTINGS_ID} className="consent__settings" hidden={!settingsOpen}>
          <ul className="consent__categories">
            <CategorySwitch id="consent-necessary" label={t.necessary} description={t.necessaryDescription} checked />
            <CategorySwitch
              id="consent-statistics"
              label={t.statistics}
              description={t.statisticsDescription}
              checked={draft.statistics}
              onChange={(statistics) => setDraft((d) => ({ ...d, statistics }))}
              inputRef={firstSwitch}
            />
            <CategorySwitch
              id="consent-marketing"
              label={t.marketing}
              description={t.marketingDescription}
              checked={draft.marketing}
              onChange={(marketing) => setDraft((d) => ({ ...d, marketing }))}
            />
          </ul>
          <button type="button" className="button button--secondary" onClick={() => choose(draft)}>
            {t.save}
          </button>
        </div>
      </div>
    </section>
  );
}
