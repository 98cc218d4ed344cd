/**
 * The words of the form block and of /reset-storage, per language (the validation messages
 * themselves live with the validators). Chosen like app/i18n/strings.ts: by the primary
 * subtag of the page's `lang` (`sv-SE` -> sv, `de-AT` -> de), English when there is no table.
 * Counts are written as "label: n" so no language needs plural rules.
 */
import { primaryLanguage } from './strings';

export interface FormStrings {
  /** the submit button while a submission is on its way */
  sending: string;
  /** shown after sending when the block's own successMessage is blank */
  sent: string;
  /** a submission that failed; what was typed stays in the form */
  sendFailed: string;
  /** the empty first choice of a select */
  choose: string;

  /** /reset-storage before the browser has done its part */
  resetPending: string;
  resetRemovedAll: (count: number) => string;
  resetRemovedSlug: (count: number, slug: string) => string;
  resetNothingAll: string;
  resetNothingSlug: (slug: string) => string;
  resetFailed: (count: number) => string;
  resetUnavailable: string;
  /** what a removed item was, in the result list */
  itemDraft: (path: string) => string;
  itemReloadMarker: string;
  itemCookie: string;
  itemOther: string;
}

const en: FormStrings = {
  sending: 'Sending…',
  sent: 'Thank you! Your message has been sent.',
  sendFailed: 'Could not send: your answers are kept, please try again.',
  choose: 'Choose…',
  resetPending: 'This happens in your browser as soon as the page has loaded.',
  resetRemovedAll: (n) => `Removed everything this site stored in this browser. Items removed: ${n}`,
  resetRemovedSlug: (n, slug) => `Removed what this site stored for ${slug}. Items removed: ${n}`,
  resetNothingAll: 'This site had nothing stored in this browser. Nothing was removed.',
  resetNothingSlug: (slug) => `Nothing was stored for ${slug}. Nothing was removed.`,
  resetFailed: (n) => `Items that could not be removed: ${n}`,
  resetUnavailable: 'This browser does not let the site store data, so there was nothing to remove.',
  itemDraft: (path) => `Form answers saved on ${path}`,
  itemReloadMarker: 'Reload marker (for this session)',
  itemCookie: 'Cookie',
  itemOther: 'Stored setting',
};

const et: FormStrings = {
  sending: 'Saatmine…',
  sent: 'Aitäh! Sinu sõnum on saadetud.',
  sendFailed: 'Saatmine ebaõnnestus: sinu vastused on alles, palun proovi uuesti.',
  choose: 'Vali…',
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

const bg: FormStrings = {
  sending: 'Изпращане…',
  sent: 'Благодарим ви! Съобщението ви е изпратено.',
  sendFailed: 'Неуспешно изпращане: отговорите ви са запазени, моля, опитайте отново.',
  choose: 'Изберете…',
  resetPending: 'Това става във вашия браузър веднага щом страницата се зареди.',
  resetRemovedAll: (n) => `Премахнахме всичко, което сайтът е съхранил във вашия браузър. Премахнати записи: ${n}`,
  resetRemovedSlug: (n, slug) => `Премахнахме данните, съхранени за ${slug}. Премахнати записи: ${n}`,
  resetNothingAll: 'Сайтът не е съхранявал нищо във вашия браузър. Нищо не беше премахнато.',
  resetNothingSlug: (slug) => `За ${slug} не е съхранено нищо. Нищо не беше премахнато.`,
  resetFailed: (n) => `Записи, които не успяхме да премахнем: ${n}`,
  resetUnavailable: 'Вашият браузър не позволява на сайта да съхранява данни, така че нямаше какво да се премахне.',
  itemDraft: (path) => `Отговори във формуляр на ${path}`,
  itemReloadMarker: 'Отметка за презареждане (за тази сесия)',
  itemCookie: 'Бисквитка',
  itemOther: 'Съхранена настройка',
};

const sv: FormStrings = {
  sending: 'Skickar…',
  sent: 'Tack! Ditt meddelande har skickats.',
  sendFailed: 'Det gick inte att skicka: dina svar finns kvar, försök igen.',
  choose: 'Välj…',
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

const de: FormStrings = {
  sending: 'Wird gesendet…',
  sent: 'Vielen Dank! Ihre Nachricht wurde gesendet.',
  sendFailed: 'Senden fehlgeschlagen: Ihre Angaben bleiben erhalten, bitte versuchen Sie es erneut.',
  choose: 'Bitte wählen…',
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

const nl: FormStrings = {
  sending: 'Verzenden…',
  sent: 'Bedankt! Uw bericht is verzonden.',
  sendFailed: 'Verzenden mislukt: uw antwoorden zijn bewaard, probeer het opnieuw.',
  choose: 'Kies…',
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

const lt: FormStrings = {
  sending: 'Siunčiama…',
  sent: 'Ačiū! Jūsų žinutė išsiųsta.',
  sendFailed: 'Nepavyko išsiųsti: jūsų atsakymai išsaugoti, bandykite dar kartą.',
  choose: 'Pasirinkite…',
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

const lv: FormStrings = {
  sending: 'Sūta…',
  sent: 'Paldies! Jūsu ziņa ir nosūtīta.',
  sendFailed: 'Neizdevās nosūtīt: jūsu atbildes ir saglabātas, lūdzu, mēģiniet vēlreiz.',
  choose: 'Izvēlieties…',
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

const fi: FormStrings = {
  sending: 'Lähetetään…',
  sent: 'Kiitos! Viestisi on lähetetty.',
  sendFailed: 'Lähetys epäonnistui: vastauksesi ovat tallessa, yritä uudelleen.',
  choose: 'Valitse…',
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

const ru: FormStrings = {
  sending: 'Отправка…',
  sent: 'Спасибо! Ваше сообщение отправлено.',
  sendFailed: 'Не удалось отправить: ваши ответы сохранены, попробуйте ещё раз.',
  choose: 'Выберите…',
  resetPending: 'Это происходит в вашем браузере сразу после загрузки страницы.',
  resetRemovedAll: (n) => `Мы удалили всё, что сайт сохранил в вашем браузере. Удалено записей: ${n}`,
  resetRemovedSlug: (n, slug) => `Мы удалили данные, сохранённые сайтом для ${slug}. Удалено записей: ${n}`,
  resetNothingAll: 'Сайт ничего не сохранял в вашем браузере. Ничего не удалено.',
  resetNothingSlug: (slug) => `Для ${slug} ничего не сохранено. Ничего не удалено.`,
  resetFailed: (n) => `Не удалось удалить записей: ${n}`,
  resetUnavailable: 'Ваш браузер не разрешает сайту хранить данные, поэтому удалять было нечего.',
  itemDraft: (path) => `Ответы в форме на странице ${path}`,
  itemReloadMarker: 'Отметка перезагрузки (для этого сеанса)',
  itemCookie: 'Файл cookie',
  itemOther: 'Сохранённая настройка',
};

const TABLES: Record<string, FormStrings> = { en, et, bg, sv, de, nl, lt, lv, fi, ru };

/** The languages the form has its own words for. */
export const FORM_STRING_LANGUAGES = Object.keys(TABLES);

export function formStrings(lang: string): FormStrings {
  return TABLES[primaryLanguage(lang)] ?? en;
}
