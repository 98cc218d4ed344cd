/** Dutch: the words the site itself says. One chunk per language in the browser. */
import type { ConsentStrings, FormStrings, SearchStrings, UiStrings } from '../language-table';

/** The consent banner, when the site has a tag manager (site.json may replace these). */
export const consent: ConsentStrings = {
  title: 'Cookies op deze website',
  body: 'We gebruiken cookies en vergelijkbare technieken voor statistieken en marketing alleen met uw toestemming. U kunt uw keuze altijd wijzigen via ‘Cookie-instellingen’ onderaan elke pagina.',
  acceptAll: 'Alles accepteren',
  rejectAll: 'Alles weigeren',
  settings: 'Instellingen',
  save: 'Keuze opslaan',
  necessary: 'Noodzakelijk',
  necessaryDescription: 'Nodig om de website te laten werken en uw keuze te onthouden. Altijd aan.',
  statistics: 'Statistieken',
  statisticsDescription: 'Helpt ons te begrijpen hoe bezoekers de website gebruiken, zodat we die kunnen verbeteren.',
  marketing: 'Marketing',
  marketingDescription: 'Hiermee kunnen wij en onze advertentiepartners u relevante advertenties tonen en meten hoe die werken.',
  privacyLink: 'Privacybeleid',
  footerLink: 'Cookie-instellingen',
};

export const ui: UiStrings = {
  skipToContent: 'Naar de inhoud',
  menu: 'Menu',
  language: 'Taal',
  close: 'Sluiten',
  backHome: 'Naar de startpagina',
  notFoundTitle: 'We konden deze pagina niet vinden',
  notFoundBody: 'Het adres is misschien verkeerd getypt, of de pagina is verplaatst.',
  serverErrorTitle: 'Er ging bij ons iets mis',
  serverErrorBody: 'Probeer het zo opnieuw.',
  notPublishedTitle: 'Deze site is nog niet gepubliceerd',
  notPublishedBody: 'Er is nog niets gepubliceerd. Kom over een tijdje terug.',
  unavailableTitle: 'De website is tijdelijk niet beschikbaar',
  unavailableBody: 'We konden deze pagina nu niet laden. Probeer het over een minuut opnieuw.',
  unsupportedTitle: 'Uw browser wordt niet ondersteund',
  unsupportedBody: 'Deze site heeft een nieuwere browser nodig. Werk uw browser bij of gebruik een van deze:',
  supportedBrowsers: 'Ondersteunde browsers',
  previewTitle: 'Voorbeeld',
  previewBody: 'Deze pagina toont concepten aan redacteuren.',
  resetTitle: 'Opgeslagen gegevens wissen',
  resetBody: 'Deze pagina verwijdert alles wat deze site in uw browser heeft opgeslagen.',
  resetSlugBody: 'Deze pagina verwijdert wat deze site voor één pagina heeft opgeslagen:',
  previousSlide: 'Vorige dia',
  nextSlide: 'Volgende dia',
};

export const form: FormStrings = {
  sending: 'Verzenden…',
  sent: 'Bedankt! Uw bericht is verzonden.',
  sendFailed: 'Verzenden mislukt: uw antwoorden zijn bewaard, probeer het opnieuw.',
  choose: 'Kies…',
  honeypotLabel: 'Laat dit veld leeg',
  notSent: 'Uw bericht is niet verzonden',
  rateLimited: 'Er zijn te veel berichten verzonden vanaf uw verbinding. Wacht een minuut en verzend het dan opnieuw.',
  forbidden:
    'Dit formulier kan alleen worden verzonden vanaf de eigen pagina op deze website. Laad de pagina opnieuw en probeer het nog eens.',
  tooLarge: 'Het formulier is te groot om te verzenden. Voeg kleinere bestanden toe.',
  unreadable: 'Het formulier kon niet worden gelezen. Ga terug, laad de pagina opnieuw en probeer het nog eens.',
  unavailable: 'Uw bericht kon nu niet worden opgeslagen en is dus niet verzonden. Verzend het over een minuut opnieuw.',
  keyReused:
    'Uw bericht is niet opgeslagen: het gebruikte de sleutel van een eerdere verzending met andere antwoorden opnieuw. Laad de pagina opnieuw en verzend het nog een keer.',
  backToForm: 'Terug naar het formulier',
  resetPending: 'Dit gebeurt in uw browser zodra de pagina is geladen.',
  resetRemovedAll: (n) => `Alles wat deze site in uw browser had opgeslagen, is verwijderd. Verwijderde items: ${n}`,
  resetRemovedSlug: (n, slug) => `Wat deze site voor ${slug} had opgeslagen, is verwijderd. Verwijderde items: ${n}`,
  resetNothingAll: 'Deze site had niets in uw browser opgeslagen. Er is niets verwijderd.',
  resetNothingSlug: (slug) => `Voor ${slug} was niets opgeslagen. Er is niets verwijderd.`,
  resetFailed: (n) => `Items die niet verwijderd konden worden: ${n}`,
  resetUnavailable: 'Uw browser staat deze site niet toe gegevens op te slaan, dus er was niets te verwijderen.',
  itemDraft: (path) => `Formulierantwoorden op ${path}`,
  itemReloadMarker: 'Herlaadmarkering (voor deze sessie)',
  itemCookie: 'Cookie',
  itemOther: 'Opgeslagen instelling',
};

/** Site search: the header field and the search page (docs/search.md). */
export const search: SearchStrings = {
  label: 'Zoeken',
  submit: 'Zoeken',
  results: 'Resultaten',
  resultsFor: 'Resultaten voor',
  noResults: 'Niets gevonden voor',
  suggestions: 'Misschien zoekt u',
  previous: 'Vorige',
  next: 'Volgende',
  page: 'Pagina',
  tooLong: 'Uw zoekopdracht is te lang. Maak hem korter.',
  badPage: 'Die resultatenpagina bestaat niet.',
  empty: 'Typ waar u naar zoekt.',
  unavailable: 'Zoeken is nu niet beschikbaar. Probeer het over een minuut opnieuw.',
};
