/**
 * The words the site itself says (error screens, controls, system pages), per language.
 * Content supplies everything else. Chosen by the primary subtag of the locale's `lang`
 * (`sv-SE` -> sv, `de-AT` -> de); a language without a table falls back to English.
 */
export interface UiStrings {
  skipToContent: string;
  menu: string;
  language: string;
  close: string;
  backHome: string;
  notFoundTitle: string;
  notFoundBody: string;
  serverErrorTitle: string;
  serverErrorBody: string;
  notPublishedTitle: string;
  notPublishedBody: string;
  unsupportedTitle: string;
  unsupportedBody: string;
  supportedBrowsers: string;
  previewTitle: string;
  previewBody: string;
  resetTitle: string;
  resetBody: string;
  resetSlugBody: string;
  previousSlide: string;
  nextSlide: string;
}

const en: UiStrings = {
  skipToContent: 'Skip to content',
  menu: 'Menu',
  language: 'Language',
  close: 'Close',
  backHome: 'Go to the home page',
  notFoundTitle: 'We could not find that page',
  notFoundBody: 'The address may be mistyped, or the page has moved.',
  serverErrorTitle: 'Something went wrong on our side',
  serverErrorBody: 'Please try again in a moment.',
  notPublishedTitle: 'This site has not been published yet',
  notPublishedBody: 'Nothing is published yet. Please come back in a little while.',
  unsupportedTitle: 'Your browser is not supported',
  unsupportedBody: 'This site needs a newer browser. Please update yours or use one of these:',
  supportedBrowsers: 'Supported browsers',
  previewTitle: 'Preview',
  previewBody: 'This page shows drafts to editors.',
  resetTitle: 'Reset stored data',
  resetBody: 'This page removes everything this site has stored in your browser.',
  resetSlugBody: 'This page removes what this site has stored in your browser for one page:',  previousSlide: 'Previous slide',
  nextSlide: 'Next slide',
};

const et: UiStrings = {
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
  unsupportedTitle: 'Sinu brauserit ei toetata',
  unsupportedBody: 'See sait vajab uuemat brauserit. Palun uuenda oma brauserit või kasuta mõnda neist:',
  supportedBrowsers: 'Toetatud brauserid',
  previewTitle: 'Eelvaade',
  previewBody: 'See leht näitab toimetajatele mustandeid.',
  resetTitle: 'Lähtesta salvestatud andmed',
  resetBody: 'See leht eemaldab kõik, mida see sait on sinu brauserisse salvestanud.',
  resetSlugBody: 'See leht eemaldab selle saidi salvestatud andmed ühe lehe kohta:',  previousSlide: 'Eelmine slaid',
  nextSlide: 'Järgmine slaid',
};

const bg: UiStrings = {
  skipToContent: 'Към съдържанието',
  menu: 'Меню',
  language: 'Език',
  close: 'Затвори',
  backHome: 'Към началната страница',
  notFoundTitle: 'Не намерихме тази страница',
  notFoundBody: 'Адресът може да е грешен или страницата е преместена.',
  serverErrorTitle: 'Нещо се обърка от наша страна',
  serverErrorBody: 'Моля, опитайте отново след малко.',
  notPublishedTitle: 'Сайтът все още не е публикуван',
  notPublishedBody: 'Все още няма публикувано съдържание. Моля, върнете се по-късно.',
  unsupportedTitle: 'Вашият браузър не се поддържа',
  unsupportedBody: 'Този сайт изисква по-нов браузър. Моля, обновете го или използвайте някой от тези:',
  supportedBrowsers: 'Поддържани браузъри',
  previewTitle: 'Преглед',
  previewBody: 'Тази страница показва чернови на редакторите.',
  resetTitle: 'Изчистване на запазените данни',
  resetBody: 'Тази страница премахва всичко, което сайтът е запазил във вашия браузър.',
  resetSlugBody: 'Тази страница премахва запазените от сайта данни за една страница:',  previousSlide: 'Предишен слайд',
  nextSlide: 'Следващ слайд',
};

const sv: UiStrings = {
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
  unsupportedTitle: 'Din webbläsare stöds inte',
  unsupportedBody: 'Webbplatsen kräver en nyare webbläsare. Uppdatera din eller använd någon av dessa:',
  supportedBrowsers: 'Webbläsare som stöds',
  previewTitle: 'Förhandsgranskning',
  previewBody: 'Den här sidan visar utkast för redaktörer.',
  resetTitle: 'Rensa sparade data',
  resetBody: 'Den här sidan tar bort allt som webbplatsen har sparat i din webbläsare.',
  resetSlugBody: 'Den här sidan tar bort det webbplatsen har sparat för en sida:',  previousSlide: 'Föregående bild',
  nextSlide: 'Nästa bild',
};

const de: UiStrings = {
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
  unsupportedTitle: 'Ihr Browser wird nicht unterstützt',
  unsupportedBody: 'Diese Website braucht einen neueren Browser. Bitte aktualisieren Sie Ihren Browser oder nutzen Sie einen dieser:',
  supportedBrowsers: 'Unterstützte Browser',
  previewTitle: 'Vorschau',
  previewBody: 'Diese Seite zeigt Redakteuren Entwürfe.',
  resetTitle: 'Gespeicherte Daten zurücksetzen',
  resetBody: 'Diese Seite entfernt alles, was diese Website in Ihrem Browser gespeichert hat.',
  resetSlugBody: 'Diese Seite entfernt, was diese Website für eine Seite gespeichert hat:',  previousSlide: 'Vorheriges Bild',
  nextSlide: 'Nächstes Bild',
};

const nl: UiStrings = {
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
  unsupportedTitle: 'Uw browser wordt niet ondersteund',
  unsupportedBody: 'Deze site heeft een nieuwere browser nodig. Werk uw browser bij of gebruik een van deze:',
  supportedBrowsers: 'Ondersteunde browsers',
  previewTitle: 'Voorbeeld',
  previewBody: 'Deze pagina toont concepten aan redacteuren.',
  resetTitle: 'Opgeslagen gegevens wissen',
  resetBody: 'Deze pagina verwijdert alles wat deze site in uw browser heeft opgeslagen.',
  resetSlugBody: 'Deze pagina verwijdert wat deze site voor één pagina heeft opgeslagen:',  previousSlide: 'Vorige dia',
  nextSlide: 'Volgende dia',
};

const lt: UiStrings = {
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
  unsupportedTitle: 'Jūsų naršyklė nepalaikoma',
  unsupportedBody: 'Šiai svetainei reikia naujesnės naršyklės. Atnaujinkite savo naršyklę arba naudokite vieną iš šių:',
  supportedBrowsers: 'Palaikomos naršyklės',
  previewTitle: 'Peržiūra',
  previewBody: 'Šis puslapis redaktoriams rodo juodraščius.',
  resetTitle: 'Išvalyti išsaugotus duomenis',
  resetBody: 'Šis puslapis pašalina viską, ką ši svetainė išsaugojo jūsų naršyklėje.',
  resetSlugBody: 'Šis puslapis pašalina, ką ši svetainė išsaugojo vienam puslapiui:',  previousSlide: 'Ankstesnė skaidrė',
  nextSlide: 'Kita skaidrė',
};

const lv: UiStrings = {
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
  unsupportedTitle: 'Jūsu pārlūks netiek atbalstīts',
  unsupportedBody: 'Šai vietnei vajadzīgs jaunāks pārlūks. Lūdzu, atjauniniet savu pārlūku vai izmantojiet kādu no šiem:',
  supportedBrowsers: 'Atbalstītie pārlūki',
  previewTitle: 'Priekšskatījums',
  previewBody: 'Šī lapa redaktoriem rāda melnrakstus.',
  resetTitle: 'Notīrīt saglabātos datus',
  resetBody: 'Šī lapa dzēš visu, ko šī vietne ir saglabājusi jūsu pārlūkā.',
  resetSlugBody: 'Šī lapa dzēš to, ko šī vietne saglabājusi vienai lapai:',  previousSlide: 'Iepriekšējais slaids',
  nextSlide: 'Nākamais slaids',
};

const fi: UiStrings = {
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
  unsupportedTitle: 'Selaintasi ei tueta',
  unsupportedBody: 'Tämä sivusto tarvitsee uudemman selaimen. Päivitä selaimesi tai käytä jotakin näistä:',
  supportedBrowsers: 'Tuetut selaimet',
  previewTitle: 'Esikatselu',
  previewBody: 'Tämä sivu näyttää luonnokset toimittajille.',
  resetTitle: 'Tyhjennä tallennetut tiedot',
  resetBody: 'Tämä sivu poistaa kaiken, mitä sivusto on tallentanut selaimeesi.',
  resetSlugBody: 'Tämä sivu poistaa sivuston yhdelle sivulle tallentamat tiedot:',  previousSlide: 'Edellinen dia',
  nextSlide: 'Seuraava dia',
};

const ru: UiStrings = {
  skipToContent: 'Перейти к содержимому',
  menu: 'Меню',
  language: 'Язык',
  close: 'Закрыть',
  backHome: 'На главную',
  notFoundTitle: 'Мы не нашли эту страницу',
  notFoundBody: 'Возможно, в адресе ошибка или страница переехала.',
  serverErrorTitle: 'У нас что-то пошло не так',
  serverErrorBody: 'Пожалуйста, попробуйте ещё раз через минуту.',
  notPublishedTitle: 'Сайт ещё не опубликован',
  notPublishedBody: 'Пока ничего не опубликовано. Пожалуйста, загляните немного позже.',
  unsupportedTitle: 'Ваш браузер не поддерживается',
  unsupportedBody: 'Для этого сайта нужен более новый браузер. Обновите свой или воспользуйтесь одним из этих:',
  supportedBrowsers: 'Поддерживаемые браузеры',
  previewTitle: 'Предпросмотр',
  previewBody: 'Эта страница показывает редакторам черновики.',
  resetTitle: 'Сброс сохранённых данных',
  resetBody: 'Эта страница удаляет всё, что сайт сохранил в вашем браузере.',
  resetSlugBody: 'Эта страница удаляет данные, сохранённые сайтом для одной страницы:',  previousSlide: 'Предыдущий слайд',
  nextSlide: 'Следующий слайд',
};

const TABLES: Record<string, UiStrings> = { en, et, bg, sv, de, nl, lt, lv, fi, ru };

/** The languages the site has its own words for. */
export const UI_LANGUAGES = Object.keys(TABLES);

export function primaryLanguage(lang: string): string {
  return lang.split('-')[0]!.toLowerCase();
}

export function uiStrings(lang: string): UiStrings {
  return TABLES[primaryLanguage(lang)] ?? en;
}

/** The spec's fixed wording for error states; shown in every language beside the translation. */
export const NOT_FOUND_STATUS_TEXT = 'Page Not Found';
export const SERVER_ERROR_STATUS_TEXT = 'Internal Server Error';
export const notFoundMessage = (path: string) => `Page not found: ${path}`;
