/** Russian: the words the site itself says. One chunk per language in the browser. */
import type { ConsentStrings } from '../consent-strings';
import type { FormStrings } from '../form-strings';
import type { UiStrings } from '../strings';

/** The consent banner, when the site has a tag manager (site.json may replace these). */
export const consent: ConsentStrings = {
  title: 'Файлы cookie на этом сайте',
  body: 'Мы используем файлы cookie и похожие технологии для статистики и маркетинга только с вашего согласия. Вы можете в любой момент изменить свой выбор в разделе «Настройки cookie» внизу каждой страницы.',
  acceptAll: 'Принять все',
  rejectAll: 'Отклонить все',
  settings: 'Настройки',
  save: 'Сохранить выбор',
  necessary: 'Необходимые',
  necessaryDescription: 'Нужны для работы сайта и чтобы запомнить ваш выбор. Всегда включены.',
  statistics: 'Статистика',
  statisticsDescription: 'Помогает нам понять, как посетители пользуются сайтом, чтобы мы могли его улучшить.',
  marketing: 'Маркетинг',
  marketingDescription: 'Позволяет нам и нашим рекламным партнёрам показывать вам подходящую рекламу и оценивать её эффективность.',
  privacyLink: 'Политика конфиденциальности',
  footerLink: 'Настройки cookie',
};

export const ui: UiStrings = {
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
  unavailableTitle: 'Сайт временно недоступен',
  unavailableBody: 'Сейчас не удалось загрузить эту страницу. Пожалуйста, попробуйте ещё раз через минуту.',
  unsupportedTitle: 'Ваш браузер не поддерживается',
  unsupportedBody: 'Для этого сайта нужен более новый браузер. Обновите свой или воспользуйтесь одним из этих:',
  supportedBrowsers: 'Поддерживаемые браузеры',
  previewTitle: 'Предпросмотр',
  previewBody: 'Эта страница показывает редакторам черновики.',
  resetTitle: 'Сброс сохранённых данных',
  resetBody: 'Эта страница удаляет всё, что сайт сохранил в вашем браузере.',
  resetSlugBody: 'Эта страница удаляет данные, сохранённые сайтом для одной страницы:',
  previousSlide: 'Предыдущий слайд',
  nextSlide: 'Следующий слайд',
};

export const form: FormStrings = {
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
