/** The site chrome of a one-language English site, for tests that need a View and nothing particular in its chrome. */
import type { Chrome } from '../../app/build-records';

export const englishChrome: Chrome = {
  siteName: 'Example Bank',
  origin: 'https://www.example.com',
  defaultLocale: 'en',
  locale: { code: 'en', lang: 'en', label: 'English' },
  locales: [{ code: 'en', lang: 'en', label: 'English' }],
  navigation: [],
  footer: { text: 'Example Bank', links: [] },
};
