/** Bulgarian: the words the site itself says. One chunk per language in the browser. */
import type { ConsentStrings } from '../consent-strings';
import type { FormStrings } from '../form-strings';
import type { UiStrings } from '../strings';

/** The consent banner, when the site has a tag manager (site.json may replace these). */
export const consent: ConsentStrings = {
  title: 'Бисквитки на този сайт',
  body: 'Използваме бисквитки и подобни технологии за статистика и маркетинг само с вашето съгласие. Можете да промените избора си по всяко време от „Настройки за бисквитки“ в долната част на всяка страница.',
  acceptAll: 'Приемам всички',
  rejectAll: 'Отказвам всички',
  settings: 'Настройки',
  save: 'Запазване на избора',
  necessary: 'Задължителни',
  necessaryDescription: 'Нужни са за работата на сайта и за запомняне на вашия избор. Винаги включени.',
  statistics: 'Статистика',
  statisticsDescription: 'Помага ни да разберем как посетителите използват сайта, за да го подобрим.',
  marketing: 'Маркетинг',
  marketingDescription: 'Позволява на нас и на рекламните ни партньори да ви показваме подходящи реклами и да измерваме ефекта им.',
  privacyLink: 'Политика за поверителност',
  footerLink: 'Настройки за бисквитки',
};

export const ui: UiStrings = {
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
  unavailableTitle: 'Сайтът е временно недостъпен',
  unavailableBody: 'В момента не успяхме да заредим тази страница. Моля, опитайте отново след минута.',
  unsupportedTitle: 'Вашият браузър не се поддържа',
  unsupportedBody: 'Този сайт изисква по-нов браузър. Моля, обновете го или използвайте някой от тези:',
  supportedBrowsers: 'Поддържани браузъри',
  previewTitle: 'Преглед',
  previewBody: 'Тази страница показва чернови на редакторите.',
  resetTitle: 'Изчистване на запазените данни',
  resetBody: 'Тази страница премахва всичко, което сайтът е запазил във вашия браузър.',
  resetSlugBody: 'Тази страница премахва запазените от сайта данни за една страница:',
  previousSlide: 'Предишен слайд',
  nextSlide: 'Следващ слайд',
};

export const form: FormStrings = {
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
