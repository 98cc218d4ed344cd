/** German (Germany and Austria): the words the site itself says. One chunk per language in the browser. */
import type { ConsentStrings, FormStrings, SearchStrings, UiStrings } from '../language-table';

/** The consent banner, when the site has a tag manager (site.json may replace these). */
export const consent: ConsentStrings = {
  title: 'Cookies auf dieser Website',
  body: 'Wir verwenden Cookies und ähnliche Technologien für Statistik und Marketing nur mit Ihrer Einwilligung. Sie können Ihre Auswahl jederzeit unter „Cookie-Einstellungen“ unten auf jeder Seite ändern.',
  acceptAll: 'Alle akzeptieren',
  rejectAll: 'Alle ablehnen',
  settings: 'Einstellungen',
  save: 'Auswahl speichern',
  necessary: 'Notwendig',
  necessaryDescription: 'Erforderlich, damit die Website funktioniert und sich Ihre Auswahl merkt. Immer aktiv.',
  statistics: 'Statistik',
  statisticsDescription: 'Hilft uns zu verstehen, wie Besucher die Website nutzen, damit wir sie verbessern können.',
  marketing: 'Marketing',
  marketingDescription: 'Ermöglicht uns und unseren Werbepartnern, Ihnen passende Werbung zu zeigen und deren Wirkung zu messen.',
  privacyLink: 'Datenschutzerklärung',
  footerLink: 'Cookie-Einstellungen',
};

export const ui: UiStrings = {
  skipToContent: 'Zum Inhalt springen',
  menu: 'Menü',
  language: 'Sprache',
  close: 'Schließen',
  backHome: 'Zur Startseite',
  notFoundTitle: 'Diese Seite gibt es nicht',
  notFoundBody: 'Die Adresse ist vielleicht falsch geschrieben, oder die Seite wurde verschoben.',
  serverErrorTitle: 'Bei uns ist etwas schiefgelaufen',
  serverErrorBody: 'Bitte versuchen Sie es gleich noch einmal.',
  notPublishedTitle: 'Diese Website ist noch nicht veröffentlicht',
  notPublishedBody: 'Noch ist nichts veröffentlicht. Bitte schauen Sie bald wieder vorbei.',
  unavailableTitle: 'Die Website ist vorübergehend nicht erreichbar',
  unavailableBody: 'Diese Seite konnte gerade nicht geladen werden. Bitte versuchen Sie es in einer Minute erneut.',
  unsupportedTitle: 'Ihr Browser wird nicht unterstützt',
  unsupportedBody: 'Diese Website braucht einen neueren Browser. Bitte aktualisieren Sie Ihren Browser oder nutzen Sie einen dieser:',
  supportedBrowsers: 'Unterstützte Browser',
  previewTitle: 'Vorschau',
  previewBody: 'Diese Seite zeigt Redakteuren Entwürfe.',
  resetTitle: 'Gespeicherte Daten zurücksetzen',
  resetBody: 'Diese Seite entfernt alles, was diese Website in Ihrem Browser gespeichert hat.',
  resetSlugBody: 'Diese Seite entfernt, was diese Website für eine Seite gespeichert hat:',
  previousSlide: 'Vorheriges Bild',
  nextSlide: 'Nächstes Bild',
};

export const form: FormStrings = {
  sending: 'Wird gesendet…',
  sent: 'Vielen Dank! Ihre Nachricht wurde gesendet.',
  sendFailed: 'Senden fehlgeschlagen: Ihre Angaben bleiben erhalten, bitte versuchen Sie es erneut.',
  choose: 'Bitte wählen…',
  honeypotLabel: 'Dieses Feld bitte leer lassen',
  notSent: 'Ihre Nachricht wurde nicht gesendet',
  rateLimited: 'Von Ihrer Verbindung wurden zu viele Nachrichten gesendet. Bitte warten Sie eine Minute und senden Sie sie dann erneut.',
  forbidden:
    'Dieses Formular kann nur von seiner Seite auf dieser Website gesendet werden. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  tooLarge: 'Das Formular ist zu groß zum Senden. Bitte hängen Sie kleinere Dateien an.',
  unreadable: 'Das Formular konnte nicht gelesen werden. Bitte gehen Sie zurück, laden Sie die Seite neu und versuchen Sie es erneut.',
  unavailable:
    'Ihre Nachricht konnte gerade nicht gespeichert werden und wurde daher nicht gesendet. Bitte senden Sie sie in einer Minute erneut.',
  keyReused:
    'Ihre Nachricht wurde nicht gespeichert: Sie verwendete den Schlüssel einer früheren Übermittlung mit anderen Angaben. Bitte laden Sie die Seite neu und senden Sie sie erneut.',
  backToForm: 'Zurück zum Formular',
  resetPending: 'Das geschieht in Ihrem Browser, sobald die Seite geladen ist.',
  resetRemovedAll: (n) => `Alles, was diese Website in Ihrem Browser gespeichert hatte, wurde entfernt. Entfernte Einträge: ${n}`,
  resetRemovedSlug: (n, slug) => `Was diese Website für ${slug} gespeichert hatte, wurde entfernt. Entfernte Einträge: ${n}`,
  resetNothingAll: 'Diese Website hatte nichts in Ihrem Browser gespeichert. Es wurde nichts entfernt.',
  resetNothingSlug: (slug) => `Für ${slug} war nichts gespeichert. Es wurde nichts entfernt.`,
  resetFailed: (n) => `Einträge, die nicht entfernt werden konnten: ${n}`,
  resetUnavailable: 'Ihr Browser erlaubt dieser Website nicht, Daten zu speichern, daher gab es nichts zu entfernen.',
  itemDraft: (path) => `Formularangaben auf ${path}`,
  itemReloadMarker: 'Neulade-Markierung (für diese Sitzung)',
  itemCookie: 'Cookie',
  itemOther: 'Gespeicherte Einstellung',
};

/** Site search: the header field and the search page (docs/search.md). */
export const search: SearchStrings = {
  label: 'Suche',
  submit: 'Suchen',
  results: 'Ergebnisse',
  resultsFor: 'Ergebnisse für',
  noResults: 'Keine Treffer für',
  suggestions: 'Vielleicht suchen Sie',
  previous: 'Zurück',
  next: 'Weiter',
  page: 'Seite',
  tooLong: 'Ihre Suche ist zu lang. Bitte kürzen Sie sie.',
  badPage: 'Diese Ergebnisseite gibt es nicht.',
  empty: 'Geben Sie ein, wonach Sie suchen.',
  unavailable: 'Die Suche ist gerade nicht verfügbar. Bitte versuchen Sie es in einer Minute erneut.',
};
