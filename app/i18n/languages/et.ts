/** Estonian: the words the site itself says. One chunk per language in the browser. */
import type { ConsentStrings } from '../consent-strings';
import type { FormStrings } from '../form-strings';
import type { UiStrings } from '../strings';

/** The consent banner, when the site has a tag manager (site.json may replace these). */
export const consent: ConsentStrings = {
  title: 'Küpsised sellel saidil',
  body: 'Kasutame küpsiseid ja sarnaseid tehnoloogiaid statistika ja turunduse jaoks ainult teie nõusolekul. Oma valikut saate igal ajal muuta iga lehe allosas lingi „Küpsiste seaded“ kaudu.',
  acceptAll: 'Nõustu kõigiga',
  rejectAll: 'Keeldu kõigist',
  settings: 'Seaded',
  save: 'Salvesta valikud',
  necessary: 'Vajalikud',
  necessaryDescription: 'Vajalikud saidi toimimiseks ja teie valiku meelespidamiseks. Alati sees.',
  statistics: 'Statistika',
  statisticsDescription: 'Aitab meil mõista, kuidas külastajad saiti kasutavad, et saaksime seda paremaks teha.',
  marketing: 'Turundus',
  marketingDescription: 'Võimaldab meil ja meie reklaamipartneritel näidata teile asjakohaseid reklaame ja mõõta nende toimimist.',
  privacyLink: 'Privaatsuspoliitika',
  footerLink: 'Küpsiste seaded',
};

export const ui: UiStrings = {
  skipToContent: 'Liigu sisu juurde',
  menu: 'Menüü',
  language: 'Keel',
  close: 'Sulge',
  backHome: 'Mine avalehele',
  notFoundTitle: 'Seda lehte ei leitud',
  notFoundBody: 'Aadressis võib olla viga või leht on teisaldatud.',
  serverErrorTitle: 'Meie poolel läks midagi valesti',
  serverErrorBody: 'Palun proovi hetke pärast uuesti.',
  notPublishedTitle: 'Seda saiti pole veel avaldatud',
  notPublishedBody: 'Midagi pole veel avaldatud. Palun tule veidi hiljem tagasi.',
  unavailableTitle: 'Sait on ajutiselt kättesaamatu',
  unavailableBody: 'Seda lehte ei õnnestunud praegu laadida. Palun proovi minuti pärast uuesti.',
  unsupportedTitle: 'Sinu brauserit ei toetata',
  unsupportedBody: 'See sait vajab uuemat brauserit. Palun uuenda oma brauserit või kasuta mõnda neist:',
  supportedBrowsers: 'Toetatud brauserid',
  previewTitle: 'Eelvaade',
  previewBody: 'See leht näitab toimetajatele mustandeid.',
  resetTitle: 'Lähtesta salvestatud andmed',
  resetBody: 'See leht eemaldab kõik, mida see sait on sinu brauserisse salvestanud.',
  resetSlugBody: 'See leht eemaldab selle saidi salvestatud andmed ühe lehe kohta:',
  previousSlide: 'Eelmine slaid',
  nextSlide: 'Järgmine slaid',
};

export const form: FormStrings = {
  sending: 'Saatmine…',
  sent: 'Aitäh! Sinu sõnum on saadetud.',
  sendFailed: 'Saatmine ebaõnnestus: sinu vastused on alles, palun proovi uuesti.',
  choose: 'Vali…',
  honeypotLabel: 'Jäta see väli tühjaks',
  notSent: 'Sinu sõnumit ei saadetud',
  rateLimited: 'Sinu ühenduselt on saadetud liiga palju sõnumeid. Palun oota minut ja saada see siis uuesti.',
  forbidden: 'Seda vormi saab saata ainult selle saidi vastavalt lehelt. Palun laadi leht uuesti ja proovi veel kord.',
  tooLarge: 'Vorm on saatmiseks liiga suur. Palun lisa väiksemad failid.',
  unreadable: 'Vormi ei õnnestunud lugeda. Palun mine tagasi, laadi leht uuesti ja proovi veel kord.',
  backToForm: 'Tagasi vormi juurde',
  resetPending: 'See toimub sinu brauseris kohe, kui leht on laaditud.',
  resetRemovedAll: (n) => `Eemaldasime kõik, mida see sait sinu brauserisse salvestas. Eemaldatud kirjeid: ${n}`,
  resetRemovedSlug: (n, slug) => `Eemaldasime, mida see sait lehe ${slug} kohta salvestas. Eemaldatud kirjeid: ${n}`,
  resetNothingAll: 'See sait ei olnud sinu brauserisse midagi salvestanud. Midagi ei eemaldatud.',
  resetNothingSlug: (slug) => `Lehe ${slug} kohta ei olnud midagi salvestatud. Midagi ei eemaldatud.`,
  resetFailed: (n) => `Kirjeid, mida ei õnnestunud eemaldada: ${n}`,
  resetUnavailable: 'Sinu brauser ei luba sellel saidil andmeid salvestada, seega polnud midagi eemaldada.',
  itemDraft: (path) => `Vormi vastused lehel ${path}`,
  itemReloadMarker: 'Uuesti laadimise märge (selle seansi kohta)',
  itemCookie: 'Küpsis',
  itemOther: 'Salvestatud seade',
};
