/** Swedish: the words the site itself says. One chunk per language in the browser. */
import type { ConsentStrings } from '../consent-strings';
import type { FormStrings } from '../form-strings';
import type { UiStrings } from '../strings';

/** The consent banner, when the site has a tag manager (site.json may replace these). */
export const consent: ConsentStrings = {
  title: 'Cookies på den här webbplatsen',
  body: 'Vi använder cookies och liknande tekniker för statistik och marknadsföring bara med ditt samtycke. Du kan när som helst ändra ditt val under ”Cookie-inställningar” längst ned på varje sida.',
  acceptAll: 'Godkänn alla',
  rejectAll: 'Avvisa alla',
  settings: 'Inställningar',
  save: 'Spara val',
  necessary: 'Nödvändiga',
  necessaryDescription: 'Behövs för att webbplatsen ska fungera och för att komma ihåg ditt val. Alltid på.',
  statistics: 'Statistik',
  statisticsDescription: 'Hjälper oss att förstå hur besökare använder webbplatsen, så att vi kan förbättra den.',
  marketing: 'Marknadsföring',
  marketingDescription: 'Låter oss och våra annonspartner visa dig relevanta annonser och mäta hur de fungerar.',
  privacyLink: 'Integritetspolicy',
  footerLink: 'Cookie-inställningar',
};

export const ui: UiStrings = {
  skipToContent: 'Till innehållet',
  menu: 'Meny',
  language: 'Språk',
  close: 'Stäng',
  backHome: 'Till startsidan',
  notFoundTitle: 'Vi hittade inte sidan',
  notFoundBody: 'Adressen kan vara felstavad, eller så har sidan flyttats.',
  serverErrorTitle: 'Något gick fel hos oss',
  serverErrorBody: 'Försök igen om en stund.',
  notPublishedTitle: 'Webbplatsen är inte publicerad än',
  notPublishedBody: 'Inget är publicerat än. Välkommen tillbaka om en liten stund.',
  unavailableTitle: 'Webbplatsen är tillfälligt otillgänglig',
  unavailableBody: 'Vi kunde inte läsa in sidan just nu. Försök igen om en minut.',
  unsupportedTitle: 'Din webbläsare stöds inte',
  unsupportedBody: 'Webbplatsen kräver en nyare webbläsare. Uppdatera din eller använd någon av dessa:',
  supportedBrowsers: 'Webbläsare som stöds',
  previewTitle: 'Förhandsgranskning',
  previewBody: 'Den här sidan visar utkast för redaktörer.',
  resetTitle: 'Rensa sparade data',
  resetBody: 'Den här sidan tar bort allt som webbplatsen har sparat i din webbläsare.',
  resetSlugBody: 'Den här sidan tar bort det webbplatsen har sparat för en sida:',
  previousSlide: 'Föregående bild',
  nextSlide: 'Nästa bild',
};

export const form: FormStrings = {
  sending: 'Skickar…',
  sent: 'Tack! Ditt meddelande har skickats.',
  sendFailed: 'Det gick inte att skicka: dina svar finns kvar, försök igen.',
  choose: 'Välj…',
  honeypotLabel: 'Lämna det här fältet tomt',
  notSent: 'Ditt meddelande skickades inte',
  rateLimited: 'För många meddelanden har skickats från din anslutning. Vänta en minut och skicka det sedan igen.',
  forbidden: 'Formuläret kan bara skickas från sin sida på den här webbplatsen. Ladda om sidan och försök igen.',
  tooLarge: 'Formuläret är för stort för att skickas. Bifoga mindre filer.',
  unreadable: 'Formuläret kunde inte läsas. Gå tillbaka, ladda om sidan och försök igen.',
  backToForm: 'Tillbaka till formuläret',
  resetPending: 'Det sker i din webbläsare så snart sidan har laddats.',
  resetRemovedAll: (n) => `Vi har tagit bort allt som webbplatsen har sparat i din webbläsare. Borttagna poster: ${n}`,
  resetRemovedSlug: (n, slug) => `Vi har tagit bort det som webbplatsen sparat för ${slug}. Borttagna poster: ${n}`,
  resetNothingAll: 'Webbplatsen hade inte sparat något i din webbläsare. Inget togs bort.',
  resetNothingSlug: (slug) => `Inget var sparat för ${slug}. Inget togs bort.`,
  resetFailed: (n) => `Poster som inte kunde tas bort: ${n}`,
  resetUnavailable: 'Din webbläsare låter inte webbplatsen spara data, så det fanns inget att ta bort.',
  itemDraft: (path) => `Formulärsvar sparade på ${path}`,
  itemReloadMarker: 'Omladdningsmarkering (för den här sessionen)',
  itemCookie: 'Kaka',
  itemOther: 'Sparad inställning',
};
