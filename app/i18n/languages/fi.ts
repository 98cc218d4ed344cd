/** Finnish: the words the site itself says. One chunk per language in the browser. */
import type { ConsentStrings } from '../consent-strings';
import type { FormStrings } from '../form-strings';
import type { UiStrings } from '../strings';

/** The consent banner, when the site has a tag manager (site.json may replace these). */
export const consent: ConsentStrings = {
  title: 'Evästeet tällä sivustolla',
  body: 'Käytämme evästeitä ja vastaavia tekniikoita tilastointiin ja markkinointiin vain suostumuksellasi. Voit muuttaa valintaasi milloin tahansa kunkin sivun alareunan kohdasta ”Evästeasetukset”.',
  acceptAll: 'Hyväksy kaikki',
  rejectAll: 'Hylkää kaikki',
  settings: 'Asetukset',
  save: 'Tallenna valinnat',
  necessary: 'Välttämättömät',
  necessaryDescription: 'Tarvitaan sivuston toimintaan ja valintasi muistamiseen. Aina käytössä.',
  statistics: 'Tilastointi',
  statisticsDescription: 'Auttaa meitä ymmärtämään, miten kävijät käyttävät sivustoa, jotta voimme parantaa sitä.',
  marketing: 'Markkinointi',
  marketingDescription: 'Antaa meidän ja mainoskumppaneidemme näyttää sinulle osuvia mainoksia ja mitata niiden toimivuutta.',
  privacyLink: 'Tietosuojaseloste',
  footerLink: 'Evästeasetukset',
};

export const ui: UiStrings = {
  skipToContent: 'Siirry sisältöön',
  menu: 'Valikko',
  language: 'Kieli',
  close: 'Sulje',
  backHome: 'Etusivulle',
  notFoundTitle: 'Sivua ei löytynyt',
  notFoundBody: 'Osoitteessa voi olla kirjoitusvirhe, tai sivu on siirretty.',
  serverErrorTitle: 'Jokin meni vikaan meidän päässämme',
  serverErrorBody: 'Yritä hetken kuluttua uudelleen.',
  notPublishedTitle: 'Sivustoa ei ole vielä julkaistu',
  notPublishedBody: 'Mitään ei ole vielä julkaistu. Tule takaisin hetken kuluttua.',
  unavailableTitle: 'Sivusto ei ole tilapäisesti käytettävissä',
  unavailableBody: 'Sivua ei voitu ladata juuri nyt. Yritä uudelleen minuutin kuluttua.',
  unsupportedTitle: 'Selaintasi ei tueta',
  unsupportedBody: 'Tämä sivusto tarvitsee uudemman selaimen. Päivitä selaimesi tai käytä jotakin näistä:',
  supportedBrowsers: 'Tuetut selaimet',
  previewTitle: 'Esikatselu',
  previewBody: 'Tämä sivu näyttää luonnokset toimittajille.',
  resetTitle: 'Tyhjennä tallennetut tiedot',
  resetBody: 'Tämä sivu poistaa kaiken, mitä sivusto on tallentanut selaimeesi.',
  resetSlugBody: 'Tämä sivu poistaa sivuston yhdelle sivulle tallentamat tiedot:',
  previousSlide: 'Edellinen dia',
  nextSlide: 'Seuraava dia',
};

export const form: FormStrings = {
  sending: 'Lähetetään…',
  sent: 'Kiitos! Viestisi on lähetetty.',
  sendFailed: 'Lähetys epäonnistui: vastauksesi ovat tallessa, yritä uudelleen.',
  choose: 'Valitse…',
  honeypotLabel: 'Jätä tämä kenttä tyhjäksi',
  notSent: 'Viestiäsi ei lähetetty',
  rateLimited: 'Yhteydestäsi on lähetetty liian monta viestiä. Odota minuutti ja lähetä se sitten uudelleen.',
  forbidden: 'Tämän lomakkeen voi lähettää vain sen omalta sivulta tällä sivustolla. Lataa sivu uudelleen ja yritä uudestaan.',
  tooLarge: 'Lomake on liian suuri lähetettäväksi. Liitä pienempiä tiedostoja.',
  unreadable: 'Lomaketta ei voitu lukea. Palaa takaisin, lataa sivu uudelleen ja yritä uudestaan.',
  backToForm: 'Takaisin lomakkeeseen',
  resetPending: 'Tämä tapahtuu selaimessasi heti, kun sivu on latautunut.',
  resetRemovedAll: (n) => `Poistimme kaiken, mitä sivusto oli tallentanut selaimeesi. Poistettuja kohteita: ${n}`,
  resetRemovedSlug: (n, slug) => `Poistimme sivuston tallentamat tiedot sivulta ${slug}. Poistettuja kohteita: ${n}`,
  resetNothingAll: 'Sivusto ei ollut tallentanut selaimeesi mitään. Mitään ei poistettu.',
  resetNothingSlug: (slug) => `Sivulle ${slug} ei ollut tallennettu mitään. Mitään ei poistettu.`,
  resetFailed: (n) => `Kohteita, joita ei voitu poistaa: ${n}`,
  resetUnavailable: 'Selaimesi ei salli sivuston tallentaa tietoja, joten poistettavaa ei ollut.',
  itemDraft: (path) => `Lomakkeen vastaukset sivulla ${path}`,
  itemReloadMarker: 'Uudelleenlatauksen merkintä (tälle istunnolle)',
  itemCookie: 'Eväste',
  itemOther: 'Tallennettu asetus',
};
