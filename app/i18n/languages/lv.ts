/** Latvian: the words the site itself says. One chunk per language in the browser. */
import type { ConsentStrings } from '../consent-strings';
import type { FormStrings } from '../form-strings';
import type { UiStrings } from '../strings';

/** The consent banner, when the site has a tag manager (site.json may replace these). */
export const consent: ConsentStrings = {
  title: 'Sīkdatnes šajā vietnē',
  body: 'Sīkdatnes un līdzīgas tehnoloģijas statistikai un mārketingam izmantojam tikai ar jūsu piekrišanu. Savu izvēli jebkurā laikā varat mainīt, izmantojot saiti “Sīkdatņu iestatījumi” katras lapas apakšā.',
  acceptAll: 'Pieņemt visas',
  rejectAll: 'Noraidīt visas',
  settings: 'Iestatījumi',
  save: 'Saglabāt izvēli',
  necessary: 'Nepieciešamās',
  necessaryDescription: 'Vajadzīgas, lai vietne darbotos un atcerētos jūsu izvēli. Vienmēr ieslēgtas.',
  statistics: 'Statistika',
  statisticsDescription: 'Palīdz mums saprast, kā apmeklētāji izmanto vietni, lai mēs to varētu uzlabot.',
  marketing: 'Mārketings',
  marketingDescription: 'Ļauj mums un mūsu reklāmas partneriem rādīt jums atbilstošas reklāmas un novērtēt to darbību.',
  privacyLink: 'Privātuma politika',
  footerLink: 'Sīkdatņu iestatījumi',
};

export const ui: UiStrings = {
  skipToContent: 'Pāriet uz saturu',
  menu: 'Izvēlne',
  language: 'Valoda',
  close: 'Aizvērt',
  backHome: 'Uz sākumlapu',
  notFoundTitle: 'Šo lapu neatradām',
  notFoundBody: 'Iespējams, adrese ir kļūdaina vai lapa ir pārvietota.',
  serverErrorTitle: 'Mūsu pusē radās kļūda',
  serverErrorBody: 'Lūdzu, mēģiniet vēlreiz pēc brīža.',
  notPublishedTitle: 'Vietne vēl nav publicēta',
  notPublishedBody: 'Pagaidām nekas nav publicēts. Lūdzu, atgriezieties nedaudz vēlāk.',
  unavailableTitle: 'Vietne īslaicīgi nav pieejama',
  unavailableBody: 'Šobrīd neizdevās ielādēt šo lapu. Lūdzu, mēģiniet vēlreiz pēc minūtes.',
  unsupportedTitle: 'Jūsu pārlūks netiek atbalstīts',
  unsupportedBody: 'Šai vietnei vajadzīgs jaunāks pārlūks. Lūdzu, atjauniniet savu pārlūku vai izmantojiet kādu no šiem:',
  supportedBrowsers: 'Atbalstītie pārlūki',
  previewTitle: 'Priekšskatījums',
  previewBody: 'Šī lapa redaktoriem rāda melnrakstus.',
  resetTitle: 'Notīrīt saglabātos datus',
  resetBody: 'Šī lapa dzēš visu, ko šī vietne ir saglabājusi jūsu pārlūkā.',
  resetSlugBody: 'Šī lapa dzēš to, ko šī vietne saglabājusi vienai lapai:',
  previousSlide: 'Iepriekšējais slaids',
  nextSlide: 'Nākamais slaids',
};

export const form: FormStrings = {
  sending: 'Sūta…',
  sent: 'Paldies! Jūsu ziņa ir nosūtīta.',
  sendFailed: 'Neizdevās nosūtīt: jūsu atbildes ir saglabātas, lūdzu, mēģiniet vēlreiz.',
  choose: 'Izvēlieties…',
  honeypotLabel: 'Atstājiet šo lauku tukšu',
  notSent: 'Jūsu ziņa netika nosūtīta',
  rateLimited: 'No jūsu savienojuma ir nosūtīts pārāk daudz ziņu. Lūdzu, uzgaidiet minūti un nosūtiet to vēlreiz.',
  forbidden: 'Šo veidlapu var nosūtīt tikai no tās lapas šajā vietnē. Lūdzu, pārlādējiet lapu un mēģiniet vēlreiz.',
  tooLarge: 'Veidlapa ir pārāk liela, lai to nosūtītu. Lūdzu, pievienojiet mazākus failus.',
  unreadable: 'Veidlapu neizdevās nolasīt. Lūdzu, atgriezieties, pārlādējiet lapu un mēģiniet vēlreiz.',
  backToForm: 'Atpakaļ uz veidlapu',
  resetPending: 'Tas notiek jūsu pārlūkā, tiklīdz lapa ir ielādēta.',
  resetRemovedAll: (n) => `Dzēsām visu, ko šī vietne saglabāja jūsu pārlūkā. Dzēsti ieraksti: ${n}`,
  resetRemovedSlug: (n, slug) => `Dzēsām to, ko šī vietne saglabāja lapai ${slug}. Dzēsti ieraksti: ${n}`,
  resetNothingAll: 'Šī vietne jūsu pārlūkā neko nebija saglabājusi. Nekas netika dzēsts.',
  resetNothingSlug: (slug) => `Lapai ${slug} nekas nebija saglabāts. Nekas netika dzēsts.`,
  resetFailed: (n) => `Ieraksti, kurus neizdevās dzēst: ${n}`,
  resetUnavailable: 'Jūsu pārlūks neļauj šai vietnei saglabāt datus, tāpēc nebija ko dzēst.',
  itemDraft: (path) => `Veidlapas atbildes lapā ${path}`,
  itemReloadMarker: 'Pārlādes atzīme (šai sesijai)',
  itemCookie: 'Sīkdatne',
  itemOther: 'Saglabāts iestatījums',
};
