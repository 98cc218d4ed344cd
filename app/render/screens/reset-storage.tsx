/**
 * /reset-storage and /reset-storage/{slug}. The server says what the page will do; once the
 * page has hydrated, the browser removes what the site stored (everything, or only what
 * belongs to the slug's page) and the status region lists what went, in the page language.
 */
import { useEffect, useState } from 'react';
import { resetSiteData, type ResetReport, type StoredItem } from '../../dom/reset-site-data';
import { parseSiteKey } from '../../dom/site-storage';
import { formStrings, type FormStrings } from '../../i18n/form-strings';
import { uiStrings } from '../../i18n/strings';

function describe(item: StoredItem, f: FormStrings): string {
  if (item.store === 'cookie') return f.itemCookie;
  const parsed = parseSiteKey(item.key);
  if (parsed?.kind === 'draft' && parsed.path) return f.itemDraft(parsed.path);
  if (parsed?.kind === 'chunk-reload') return f.itemReloadMarker;
  return f.itemOther;
}

function ItemList({ items, f, className }: { items: StoredItem[]; f: FormStrings; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={`${item.store}\n${item.key}`} data-store={item.store}>
          {describe(item, f)}: <code>{item.key}</code>
        </li>
      ))}
    </ul>
  );
}

function Result({ report, slug, f }: { report: ResetReport; slug?: string; f: FormStrings }) {
  const { removed, failed, storageAvailable } = report;
  let summary: string;
  if (removed.length > 0) summary = slug ? f.resetRemovedSlug(removed.length, slug) : f.resetRemovedAll(removed.length);
  else if (!storageAvailable && failed.length === 0) summary = f.resetUnavailable;
  else summary = slug ? f.resetNothingSlug(slug) : f.resetNothingAll;
  return (
    <>
      <p className="screen__summary">{summary}</p>
      {removed.length > 0 && <ItemList items={removed} f={f} className="screen__removed" />}
      {failed.length > 0 && (
        <>
          <p className="screen__failed">{f.resetFailed(failed.length)}</p>
          <ItemList items={failed} f={f} className="screen__not-removed" />
        </>
      )}
    </>
  );
}

export function ResetStorageScreen({ slug, lang }: { slug?: string; lang: string }) {
  const t = uiStrings(lang);
  const f = formStrings(lang);
  const [report, setReport] = useState<ResetReport | null>(null);

  useEffect(() => {
    let cookies: Document | null;
    try {
      cookies = document;
    } catch {
      cookies = null;
    }
    // The reset changes the browser's storage, so it runs only after hydration (the server
    // renders the screen without a report), and what it did is what this screen shows.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the report exists only once the effect has run
    setReport(
      resetSiteData({
        slug,
        cookies,
        cookieScope: { path: location.pathname, hostname: location.hostname },
      }),
    );
  }, [slug]);

  return (
    <section className="screen screen--reset">
      <h1 tabIndex={-1}>{t.resetTitle}</h1>
      <p>{slug ? t.resetSlugBody : t.resetBody}</p>
      {slug && (
        <p>
          <code>{slug}</code>
        </p>
      )}
      <div className="screen__result" role="status" aria-live="polite" data-state={report ? 'done' : 'pending'}>
        {report ? <Result report={report} slug={slug} f={f} /> : <p>{f.resetPending}</p>}
      </div>
    </section>
  );
}
