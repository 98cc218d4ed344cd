/** Lithuanian: the words the site itself says. One chunk per language in the browser. */
import type { ConsentStrings } from '../consent-strings';
import type { FormStrings } from '../form-strings';
import type { UiStrings } from '../strings';

/** The consent banner, when the site has a tag manager (site.json may replace these). */
export const consent: ConsentStrings = {
  title: 'Slapukai šioje svetainėje',
  body: 'Slapukus ir panašias technologijas statistikai ir rinkodarai naudojame tik gavę jūsų sutikimą. Savo pasirinkimą bet kada galite pakeisti nuoroda „Slapukų nustatymai“ kiekvieno puslapio apačioje.',
  acceptAll: 'Priimti visus',
  rejectAll: 'Atmesti visus',
  settings: 'Nustatymai',
  save: 'Išsaugoti pasirinkimą',
  necessary: 'Būtinieji',
  necessaryDescription: 'Reikalingi, kad svetainė veiktų ir įsimintų jūsų pasirinkimą. Visada įjungti.',
  statistics: 'Statistika',
  statisticsDescription: 'Padeda mums suprasti, kaip lankytojai naudojasi svetaine, kad galėtume ją tobulinti.',
  marketing: 'Rinkodara',
  marketingDescription: 'Leidžia mums ir mūsų reklamos partneriams rodyti jums aktualią reklamą ir vertinti jos poveikį.',
  privacyLink: 'Privatumo politika',
  footerLink: 'Slapukų nustatymai',
};

export const ui: UiStrings = {
  skipToContent: 'Pereiti prie turinio',
  menu: 'Meniu',
  language: 'Kalba',
  close: 'Uždaryti',
  backHome: 'Į pagrindinį puslapį',
  notFoundTitle: 'Šio puslapio neradome',
  notFoundBody: 'Adresas gali būti neteisingas arba puslapis perkeltas.',
  serverErrorTitle: 'Mūsų pusėje įvyko klaida',
  serverErrorBody: 'Bandykite dar kartą po akimirkos.',
  notPublishedTitle: 'Svetainė dar nepaskelbta',
  notPublishedBody: 'Kol kas niekas nepaskelbta. Sugrįžkite šiek tiek vėliau.',
  unavailableTitle: 'Svetainė laikinai nepasiekiama',
  unavailableBody: 'Šiuo metu nepavyko įkelti šio puslapio. Bandykite dar kartą po minutės.',
  unsupportedTitle: 'Jūsų naršyklė nepalaikoma',
  unsupportedBody: 'Šiai svetainei reikia naujesnės naršyklės. Atnaujinkite savo naršyklę arba naudokite vieną iš šių:',
  supportedBrowsers: 'Palaikomos naršyklės',
  previewTitle: 'Peržiūra',
  previewBody: 'Šis puslapis redaktoriams rodo juodraščius.',
  resetTitle: 'Išvalyti išsaugotus duomenis',
  resetBody: 'Šis puslapis pašalina viską, ką ši svetainė išsaugojo jūsų naršyklėje.',
  resetSlugBody: 'Šis puslapis pašalina, ką ši svetainė išsaugojo vienam puslapiui:',
  previousSlide: 'Ankstesnė skaidrė',
  nextSlide: 'Kita skaidrė',
};

export const form: FormStrings = {
  sending: 'Siunčiama…',
  sent: 'Ačiū! Jūsų žinutė išsiųsta.',
  sendFailed: 'Nepavyko išsiųsti: jūsų atsakymai išsaugoti, bandykite dar kartą.',
  choose: 'Pasirinkite…',
  honeypotLabel: 'Palikite šį lauką tuščią',
  notSent: 'Jūsų žinutė neišsiųsta',
  rateLimited: 'Iš jūsų ryšio išsiųsta per daug žinučių. Palaukite minutę ir išsiųskite ją dar kartą.',
  forbidden: 'Šią formą galima išsiųsti tik iš jos puslapio šioje svetainėje. Įkelkite puslapį iš naujo ir bandykite dar kartą.',
  tooLarge: 'Forma per didelė, kad būtų išsiųsta. Pridėkite mažesnius failus.',
  unreadable: 'Formos nepavyko perskaityti. Grįžkite atgal, įkelkite puslapį iš naujo ir bandykite dar kartą.',
  backToForm: 'Atgal į formą',
  resetPending: 'Tai vyksta jūsų naršyklėje, kai tik puslapis įkeliamas.',
  resetRemovedAll: (n) => `Pašalinome viską, ką ši svetainė išsaugojo jūsų naršyklėje. Pašalinta įrašų: ${n}`,
  resetRemovedSlug: (n, slug) => `Pašalinome, ką ši svetainė išsaugojo puslapiui ${slug}. Pašalinta įrašų: ${n}`,
  resetNothingAll: 'Ši svetainė jūsų naršyklėje nieko nebuvo išsaugojusi. Niekas nepašalinta.',
  resetNothingSlug: (slug) => `Puslapiui ${slug} nieko nebuvo išsaugota. Niekas nepašalinta.`,
  resetFailed: (n) => `Įrašų, kurių nepavyko pašalinti: ${n}`,
  resetUnavailable: 'Jūsų naršyklė neleidžia šiai svetainei saugoti duomenų, todėl nebuvo ko šalinti.',
  itemDraft: (path) => `Formos atsakymai puslapyje ${path}`,
  itemReloadMarker: 'Perkrovimo žymė (šiai sesijai)',
  itemCookie: 'Slapukas',
  itemOther: 'Išsaugotas nustatymas',
};
