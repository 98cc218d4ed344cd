/**
 * Form errors are read by visitors in the page's language, so every stock rule has a message
 * in each site language. Wording is phrased "the field {field} ..." so that a label never has
 * to be declined, and, where a language inflects nouns after numbers, so that few words agree with a count.
 * `is` and `is_not` have no own text (as in vee-validate) and say the generic fallback.
 * Placeholders: {field} {length} {min} {max} {size} {width} {height} {other} {list}.
 */
import type { RuleName } from './rule-string';

/** The rules with no text of their own: they say `fallback`. */
type SaysFallback = 'is' | 'is_not';

/**
 * One language's texts. Every other rule must have one, so a rule added to the syntax without
 * its text in each language does not compile (it would otherwise say the vague fallback).
 */
export type MessageTable = Record<Exclude<RuleName, SaysFallback>, string> & { fallback: string };

const en: MessageTable = {
  required: 'The {field} field is required',
  email: 'The {field} field must be a valid email',
  min: 'The {field} field must be at least {length} characters',
  max: 'The {field} field may not be greater than {length} characters',
  min_value: 'The {field} field must be {min} or more',
  max_value: 'The {field} field must be {max} or less',
  between: 'The {field} field must be between {min} and {max}',
  digits: 'The {field} field must be numeric and contain exactly {length} digits',
  integer: 'The {field} field must be an integer',
  numeric: 'The {field} field may only contain numeric characters',
  alpha: 'The {field} field may only contain alphabetic characters',
  alpha_num: 'The {field} field may only contain alpha-numeric characters',
  alpha_dash: 'The {field} field may contain alpha-numeric characters as well as dashes and underscores',
  alpha_spaces: 'The {field} field may only contain alphabetic characters as well as spaces',
  regex: 'The {field} field format is invalid',
  url: 'The {field} field is not a valid URL',
  one_of: 'The {field} field is not a valid value',
  not_one_of: 'The {field} field is not a valid value',
  confirmed: 'The {field} field must match the {other} field',
  image: 'The {field} field must be an image',
  ext: 'The {field} field must be a file of type {list}',
  mimes: 'The {field} field must have a valid file type',
  size: 'The {field} field size may not be greater than {size} KB',
  dimensions: 'The {field} field must be {width} pixels by {height} pixels',
  fallback: 'The {field} is not valid',
};

const et: MessageTable = {
  required: 'Väli {field} on kohustuslik',
  email: 'Väli {field} peab olema kehtiv e-posti aadress',
  min: 'Väli {field} peab olema vähemalt {length} tähemärki pikk',
  max: 'Väli {field} võib olla kuni {length} tähemärki pikk',
  min_value: 'Väli {field} peab olema {min} või suurem',
  max_value: 'Väli {field} peab olema {max} või väiksem',
  between: 'Väli {field} peab olema vahemikus {min} kuni {max}',
  digits: 'Väli {field} peab sisaldama täpselt {length} numbrit',
  integer: 'Väli {field} peab olema täisarv',
  numeric: 'Väli {field} võib sisaldada ainult numbreid',
  alpha: 'Väli {field} võib sisaldada ainult tähti',
  alpha_num: 'Väli {field} võib sisaldada ainult tähti ja numbreid',
  alpha_dash: 'Väli {field} võib sisaldada ainult tähti, numbreid, sidekriipse ja alakriipse',
  alpha_spaces: 'Väli {field} võib sisaldada ainult tähti ja tühikuid',
  regex: 'Välja {field} vorming on vigane',
  url: 'Väli {field} peab olema kehtiv URL',
  one_of: 'Välja {field} väärtus ei ole lubatud',
  not_one_of: 'Välja {field} väärtus ei ole lubatud',
  confirmed: 'Väli {field} peab ühtima väljaga {other}',
  image: 'Väli {field} peab olema pilt',
  ext: 'Välja {field} fail peab olema tüüpi {list}',
  mimes: 'Välja {field} failitüüp ei ole lubatud',
  size: 'Välja {field} fail võib olla kuni {size} KB',
  dimensions: 'Välja {field} pilt peab olema {width} × {height} pikslit',
  fallback: 'Välja {field} väärtus on vigane',
};

const bg: MessageTable = {
  required: 'Полето {field} е задължително',
  email: 'Полето {field} трябва да бъде валиден имейл адрес',
  min: 'Полето {field} трябва да съдържа поне {length} символа',
  max: 'Полето {field} не може да съдържа повече от {length} символа',
  min_value: 'Полето {field} трябва да бъде {min} или повече',
  max_value: 'Полето {field} трябва да бъде {max} или по-малко',
  between: 'Полето {field} трябва да бъде между {min} и {max}',
  digits: 'Полето {field} трябва да съдържа точно {length} цифри',
  integer: 'Полето {field} трябва да бъде цяло число',
  numeric: 'Полето {field} може да съдържа само цифри',
  alpha: 'Полето {field} може да съдържа само букви',
  alpha_num: 'Полето {field} може да съдържа само букви и цифри',
  alpha_dash: 'Полето {field} може да съдържа само букви, цифри, тирета и долни черти',
  alpha_spaces: 'Полето {field} може да съдържа само букви и интервали',
  regex: 'Полето {field} е в невалиден формат',
  url: 'Полето {field} трябва да бъде валиден URL адрес',
  one_of: 'Полето {field} съдържа недопустима стойност',
  not_one_of: 'Полето {field} съдържа недопустима стойност',
  confirmed: 'Полето {field} трябва да съвпада с полето {other}',
  image: 'Полето {field} трябва да бъде изображение',
  ext: 'Файлът в полето {field} трябва да бъде от тип {list}',
  mimes: 'Файлът в полето {field} е от недопустим тип',
  size: 'Файлът в полето {field} не може да бъде по-голям от {size} KB',
  dimensions: 'Изображението в полето {field} трябва да бъде {width} × {height} пиксела',
  fallback: 'Полето {field} е невалидно',
};

const sv: MessageTable = {
  required: 'Fältet {field} är obligatoriskt',
  email: 'Fältet {field} måste vara en giltig e-postadress',
  min: 'Fältet {field} måste innehålla minst {length} tecken',
  max: 'Fältet {field} får innehålla högst {length} tecken',
  min_value: 'Fältet {field} måste vara {min} eller mer',
  max_value: 'Fältet {field} måste vara {max} eller mindre',
  between: 'Fältet {field} måste vara mellan {min} och {max}',
  digits: 'Fältet {field} måste bestå av exakt {length} siffror',
  integer: 'Fältet {field} måste vara ett heltal',
  numeric: 'Fältet {field} får bara innehålla siffror',
  alpha: 'Fältet {field} får bara innehålla bokstäver',
  alpha_num: 'Fältet {field} får bara innehålla bokstäver och siffror',
  alpha_dash: 'Fältet {field} får bara innehålla bokstäver, siffror, bindestreck och understreck',
  alpha_spaces: 'Fältet {field} får bara innehålla bokstäver och mellanslag',
  regex: 'Fältet {field} har ett ogiltigt format',
  url: 'Fältet {field} måste vara en giltig webbadress',
  one_of: 'Fältet {field} har ett ogiltigt värde',
  not_one_of: 'Fältet {field} har ett ogiltigt värde',
  confirmed: 'Fältet {field} måste stämma överens med fältet {other}',
  image: 'Fältet {field} måste vara en bild',
  ext: 'Filen i fältet {field} måste vara av typen {list}',
  mimes: 'Filen i fältet {field} har en ogiltig filtyp',
  size: 'Filen i fältet {field} får vara högst {size} KB',
  dimensions: 'Bilden i fältet {field} måste vara {width} × {height} pixlar',
  fallback: 'Fältet {field} är ogiltigt',
};

const de: MessageTable = {
  required: 'Das Feld {field} ist ein Pflichtfeld',
  email: 'Das Feld {field} muss eine gültige E-Mail-Adresse sein',
  min: 'Das Feld {field} muss mindestens {length} Zeichen lang sein',
  max: 'Das Feld {field} darf höchstens {length} Zeichen lang sein',
  min_value: 'Das Feld {field} muss {min} oder größer sein',
  max_value: 'Das Feld {field} muss {max} oder kleiner sein',
  between: 'Das Feld {field} muss zwischen {min} und {max} liegen',
  digits: 'Das Feld {field} muss genau {length} Ziffern enthalten',
  integer: 'Das Feld {field} muss eine ganze Zahl sein',
  numeric: 'Das Feld {field} darf nur Ziffern enthalten',
  alpha: 'Das Feld {field} darf nur Buchstaben enthalten',
  alpha_num: 'Das Feld {field} darf nur Buchstaben und Ziffern enthalten',
  alpha_dash: 'Das Feld {field} darf nur Buchstaben, Ziffern, Binde- und Unterstriche enthalten',
  alpha_spaces: 'Das Feld {field} darf nur Buchstaben und Leerzeichen enthalten',
  regex: 'Das Format des Feldes {field} ist ungültig',
  url: 'Das Feld {field} muss eine gültige URL sein',
  one_of: 'Das Feld {field} enthält keinen gültigen Wert',
  not_one_of: 'Das Feld {field} enthält keinen gültigen Wert',
  confirmed: 'Das Feld {field} muss mit dem Feld {other} übereinstimmen',
  image: 'Das Feld {field} muss ein Bild sein',
  ext: 'Die Datei im Feld {field} muss vom Typ {list} sein',
  mimes: 'Die Datei im Feld {field} hat einen ungültigen Dateityp',
  size: 'Die Datei im Feld {field} darf höchstens {size} KB groß sein',
  dimensions: 'Das Bild im Feld {field} muss {width} × {height} Pixel groß sein',
  fallback: 'Das Feld {field} ist ungültig',
};

const nl: MessageTable = {
  required: 'Het veld {field} is verplicht',
  email: 'Het veld {field} moet een geldig e-mailadres zijn',
  min: 'Het veld {field} moet minstens {length} tekens bevatten',
  max: 'Het veld {field} mag niet meer dan {length} tekens bevatten',
  min_value: 'Het veld {field} moet {min} of meer zijn',
  max_value: 'Het veld {field} moet {max} of minder zijn',
  between: 'Het veld {field} moet tussen {min} en {max} liggen',
  digits: 'Het veld {field} moet precies {length} cijfers bevatten',
  integer: 'Het veld {field} moet een geheel getal zijn',
  numeric: 'Het veld {field} mag alleen cijfers bevatten',
  alpha: 'Het veld {field} mag alleen letters bevatten',
  alpha_num: 'Het veld {field} mag alleen letters en cijfers bevatten',
  alpha_dash: 'Het veld {field} mag alleen letters, cijfers, streepjes en underscores bevatten',
  alpha_spaces: 'Het veld {field} mag alleen letters en spaties bevatten',
  regex: 'Het formaat van het veld {field} is ongeldig',
  url: 'Het veld {field} moet een geldige URL zijn',
  one_of: 'Het veld {field} bevat geen geldige waarde',
  not_one_of: 'Het veld {field} bevat geen geldige waarde',
  confirmed: 'Het veld {field} moet overeenkomen met het veld {other}',
  image: 'Het veld {field} moet een afbeelding zijn',
  ext: 'Het bestand in het veld {field} moet van het type {list} zijn',
  mimes: 'Het bestand in het veld {field} heeft een ongeldig bestandstype',
  size: 'Het bestand in het veld {field} mag niet groter zijn dan {size} KB',
  dimensions: 'De afbeelding in het veld {field} moet {width} × {height} pixels zijn',
  fallback: 'Het veld {field} is ongeldig',
};

const lt: MessageTable = {
  required: 'Laukas {field} yra privalomas',
  email: 'Lauke {field} turi būti galiojantis el. pašto adresas',
  min: 'Lauko {field} simbolių skaičius turi būti ne mažesnis nei {length}',
  max: 'Lauko {field} simbolių skaičius turi būti ne didesnis nei {length}',
  min_value: 'Lauko {field} reikšmė turi būti ne mažesnė nei {min}',
  max_value: 'Lauko {field} reikšmė turi būti ne didesnė nei {max}',
  between: 'Lauko {field} reikšmė turi būti nuo {min} iki {max}',
  digits: 'Lauke {field} turi būti tik skaitmenys, jų skaičius – {length}',
  integer: 'Lauko {field} reikšmė turi būti sveikasis skaičius',
  numeric: 'Lauke {field} gali būti tik skaitmenys',
  alpha: 'Lauke {field} gali būti tik raidės',
  alpha_num: 'Lauke {field} gali būti tik raidės ir skaitmenys',
  alpha_dash: 'Lauke {field} gali būti tik raidės, skaitmenys, brūkšneliai ir pabraukimo brūkšniai',
  alpha_spaces: 'Lauke {field} gali būti tik raidės ir tarpai',
  regex: 'Lauko {field} formatas neteisingas',
  url: 'Lauke {field} turi būti galiojantis URL adresas',
  one_of: 'Lauko {field} reikšmė neleistina',
  not_one_of: 'Lauko {field} reikšmė neleistina',
  confirmed: 'Laukas {field} turi sutapti su lauku {other}',
  image: 'Lauke {field} turi būti paveikslėlis',
  ext: 'Lauko {field} failo tipas turi būti {list}',
  mimes: 'Lauko {field} failo tipas neleistinas',
  size: 'Lauko {field} failas negali būti didesnis nei {size} KB',
  dimensions: 'Lauko {field} paveikslėlio dydis turi būti {width} × {height} pikselių',
  fallback: 'Lauko {field} reikšmė neteisinga',
};

const lv: MessageTable = {
  required: 'Lauks {field} ir obligāts',
  email: 'Laukā {field} jābūt derīgai e-pasta adresei',
  min: 'Rakstzīmju skaitam laukā {field} jābūt vismaz {length}',
  max: 'Rakstzīmju skaits laukā {field} nedrīkst pārsniegt {length}',
  min_value: 'Lauka {field} vērtībai jābūt {min} vai lielākai',
  max_value: 'Lauka {field} vērtībai jābūt {max} vai mazākai',
  between: 'Lauka {field} vērtībai jābūt no {min} līdz {max}',
  digits: 'Laukā {field} drīkst būt tikai cipari, kopā {length}',
  integer: 'Lauka {field} vērtībai jābūt veselam skaitlim',
  numeric: 'Laukā {field} drīkst būt tikai cipari',
  alpha: 'Laukā {field} drīkst būt tikai burti',
  alpha_num: 'Laukā {field} drīkst būt tikai burti un cipari',
  alpha_dash: 'Laukā {field} drīkst būt tikai burti, cipari, defises un pasvītras',
  alpha_spaces: 'Laukā {field} drīkst būt tikai burti un atstarpes',
  regex: 'Lauka {field} formāts nav derīgs',
  url: 'Laukā {field} jābūt derīgam URL',
  one_of: 'Lauka {field} vērtība nav atļauta',
  not_one_of: 'Lauka {field} vērtība nav atļauta',
  confirmed: 'Laukam {field} jāsakrīt ar lauku {other}',
  image: 'Laukā {field} jābūt attēlam',
  ext: 'Lauka {field} faila tipam jābūt {list}',
  mimes: 'Lauka {field} faila tips nav atļauts',
  size: 'Lauka {field} fails nedrīkst būt lielāks par {size} KB',
  dimensions: 'Lauka {field} attēla izmēram jābūt {width} × {height} pikseļu',
  fallback: 'Lauka {field} vērtība nav derīga',
};

const fi: MessageTable = {
  required: 'Kenttä {field} on pakollinen',
  email: 'Kentän {field} on oltava kelvollinen sähköpostiosoite',
  min: 'Kentän {field} on oltava vähintään {length} merkkiä pitkä',
  max: 'Kentän {field} pituus saa olla enintään {length} merkkiä',
  min_value: 'Kentän {field} arvon on oltava vähintään {min}',
  max_value: 'Kentän {field} arvo saa olla enintään {max}',
  between: 'Kentän {field} arvon on oltava välillä {min}–{max}',
  digits: 'Kentässä {field} on oltava tasan {length} numeroa',
  integer: 'Kentän {field} on oltava kokonaisluku',
  numeric: 'Kenttä {field} voi sisältää vain numeroita',
  alpha: 'Kenttä {field} voi sisältää vain kirjaimia',
  alpha_num: 'Kenttä {field} voi sisältää vain kirjaimia ja numeroita',
  alpha_dash: 'Kenttä {field} voi sisältää vain kirjaimia, numeroita, yhdysmerkkejä ja alaviivoja',
  alpha_spaces: 'Kenttä {field} voi sisältää vain kirjaimia ja välilyöntejä',
  regex: 'Kentän {field} muoto on virheellinen',
  url: 'Kentän {field} on oltava kelvollinen URL-osoite',
  one_of: 'Kentän {field} arvo ei ole sallittu',
  not_one_of: 'Kentän {field} arvo ei ole sallittu',
  confirmed: 'Kentän {field} on vastattava kenttää {other}',
  image: 'Kentän {field} on oltava kuva',
  ext: 'Kentän {field} tiedoston tyypin on oltava {list}',
  mimes: 'Kentän {field} tiedostotyyppi ei ole sallittu',
  size: 'Kentän {field} tiedosto saa olla enintään {size} kt',
  dimensions: 'Kentän {field} kuvan on oltava {width} × {height} pikseliä',
  fallback: 'Kenttä {field} ei ole kelvollinen',
};

const ru: MessageTable = {
  required: 'Поле {field} обязательно для заполнения',
  email: 'Поле {field} должно содержать действительный адрес электронной почты',
  min: 'Количество символов в поле {field} должно быть не меньше {length}',
  max: 'Количество символов в поле {field} не должно превышать {length}',
  min_value: 'Значение поля {field} должно быть не меньше {min}',
  max_value: 'Значение поля {field} должно быть не больше {max}',
  between: 'Значение поля {field} должно быть от {min} до {max}',
  digits: 'Поле {field} должно состоять ровно из {length} цифр',
  integer: 'Поле {field} должно быть целым числом',
  numeric: 'Поле {field} может содержать только цифры',
  alpha: 'Поле {field} может содержать только буквы',
  alpha_num: 'Поле {field} может содержать только буквы и цифры',
  alpha_dash: 'Поле {field} может содержать только буквы, цифры, дефисы и подчёркивания',
  alpha_spaces: 'Поле {field} может содержать только буквы и пробелы',
  regex: 'Поле {field} имеет неверный формат',
  url: 'Поле {field} должно содержать действительный URL-адрес',
  one_of: 'Поле {field} содержит недопустимое значение',
  not_one_of: 'Поле {field} содержит недопустимое значение',
  confirmed: 'Поле {field} должно совпадать с полем {other}',
  image: 'Поле {field} должно быть изображением',
  ext: 'Файл в поле {field} должен быть типа {list}',
  mimes: 'Файл в поле {field} имеет недопустимый тип',
  size: 'Размер файла в поле {field} не должен превышать {size} КБ',
  dimensions: 'Изображение в поле {field} должно быть размером {width} × {height} пикселей',
  fallback: 'Поле {field} заполнено неверно',
};

// Maps, not objects: the language comes from the page and the rule name from content, and
// neither may reach a name Object.prototype supplies (`constructor`, `toString`).
const TABLES = new Map<string, ReadonlyMap<string, string>>(
  Object.entries({ en, et, bg, sv, de, nl, lt, lv, fi, ru }).map(([code, table]) => [code, new Map(Object.entries(table))]),
);
const ENGLISH = TABLES.get('en')!;

export const MESSAGE_LANGUAGES: readonly string[] = [...TABLES.keys()];

/** Names of each rule's parameters, in order, as the templates call them. */
const PARAM_NAMES = new Map<string, readonly string[]>([
  ['min', ['length']],
  ['max', ['length']],
  ['digits', ['length']],
  ['min_value', ['min']],
  ['max_value', ['max']],
  ['between', ['min', 'max']],
  ['size', ['size']],
  ['dimensions', ['width', 'height']],
]);

/**
 * The message for a broken rule in the language of `lang` (a BCP 47 tag; only its primary
 * subtag counts, as in app/i18n/strings.ts, which is not imported to keep this chunk small).
 * Without `other`, `confirmed` names the other field by the name in its parameter.
 */
export function ruleMessage(lang: string, rule: RuleName, vars: { field: string; params: string[]; other?: string }): string {
  const table = TABLES.get(lang.split('-')[0]!.toLowerCase()) ?? ENGLISH;
  const values = new Map<string, string>([
    ['field', vars.field],
    ['list', vars.params.join(', ')],
    ['other', vars.other ?? (rule === 'confirmed' ? (vars.params[0] ?? '').replace(/^@/, '') : '')],
  ]);
  (PARAM_NAMES.get(rule) ?? []).forEach((name, i) => values.set(name, vars.params[i] ?? ''));
  const template = table.get(rule) ?? table.get('fallback')!;
  // One pass, so a label that happens to contain "{min}" is left as written.
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values.get(name) ?? whole);
}
