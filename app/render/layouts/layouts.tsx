import { useState, type ReactNode } from 'react';
import type { Chrome } from '../../build-records';
import { uiStrings } from '../../i18n/strings';
import { openConsentSettings } from '../../dom/consent';
import { consentStrings } from '../../i18n/consent-strings';
import { SearchField } from '../../search/search-field';

function LanguageSwitcher({ chrome, languageLinks }: { chrome: Chrome; languageLinks: Record<string, string> }) {
  const t = uiStrings(chrome.locale.lang);
  return (
    <nav className="language-switcher" aria-label={t.language}>
      <ul>
        {chrome.locales.map((locale) => {
          const current = locale.code === chrome.locale.code;
          return (
            <li key={locale.code}>
              <a
                href={languageLinks[locale.code] ?? `/${locale.code}`}
                hrefLang={locale.lang}
                lang={locale.lang}
                aria-current={current ? 'true' : undefined}
              >
                {locale.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Header({ chrome, path, languageLinks }: { chrome: Chrome; path: string; languageLinks: Record<string, string> }) {
  const t = uiStrings(chrome.locale.lang);
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="site-header">
      <a className="site-header__brand" href={`/${chrome.locale.code}`}>
        {chrome.siteName}
      </a>
      <SearchField chrome={chrome} />
      <button
        type="button"
        className="site-header__menu-button"
        aria-expanded={menuOpen}
        aria-controls="site-menu"
        onClick={() => setMenuOpen((open) => !open)}
      >
        {t.menu}
      </button>
      <div id="site-menu" className="site-header__menu" data-open={menuOpen ? 'true' : 'false'}>
        {chrome.navigation.length > 0 && (
          <nav aria-label={t.menu}>
            <ul className="site-nav">
              {chrome.navigation.map((link) => (
                <li key={link.href}>
                  <a href={link.href} aria-current={link.href === path ? 'page' : undefined}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <LanguageSwitcher chrome={chrome} languageLinks={languageLinks} />
      </div>
    </header>
  );
}

function Footer({ chrome, consentSettings }: { chrome: Chrome; consentSettings?: boolean }) {
  const { text, links } = chrome.footer;
  return (
    <footer className="site-footer">
      {text && <p>{text}</p>}
      {links && links.length > 0 && (
        <ul>
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      )}
      {consentSettings && (
        <p className="site-footer__consent">
          <ConsentSettingsButton chrome={chrome} />
        </p>
      )}
    </footer>
  );
}

/** The footer's way back to the consent choice, on every page; shown only where JavaScript runs. */
function ConsentSettingsButton({ chrome }: { chrome: Chrome }) {
  return (
    <button type="button" className="consent-footer-button" onClick={(e) => openConsentSettings(e.currentTarget)}>
      {consentStrings(chrome).footerLink}
    </button>
  );
}

export interface LayoutProps {
  chrome: Chrome;
  path: string;
  /** locale code -> the same page in that locale (else the locale's home) */
  languageLinks: Record<string, string>;
  /** the footer offers "Cookie settings" (a site with a tag manager, on a page that runs scripts) */
  consentSettings?: boolean;
  children: ReactNode;
}

export function DefaultLayout({ chrome, path, languageLinks, consentSettings, children }: LayoutProps) {
  const t = uiStrings(chrome.locale.lang);
  return (
    <div className="layout layout--default">
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <Header chrome={chrome} path={path} languageLinks={languageLinks} />
      <main id="main" className="site-main">
        {children}
      </main>
      <Footer chrome={chrome} consentSettings={consentSettings} />
    </div>
  );
}

export function BlankLayout({ children }: LayoutProps) {
  return (
    <div className="layout layout--blank">
      <main id="main" className="site-main">
        {children}
      </main>
    </div>
  );
}
