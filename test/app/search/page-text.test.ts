/** What of a page search indexes: the words a visitor reads, not field names, links or forms. */
import { describe, expect, test } from 'vitest';
import type { Page } from '../../../app/content/schema';
import { pageText } from '../../../app/search/page-text';

const doc = (...content: unknown[]) => ({ type: 'doc', content }) as never;
const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

const page = (blocks: unknown[], extra: Partial<Page> = {}) =>
  ({ title: 'Home loan', description: 'Loans for a new home.', blocks, ...extra }) as Pick<Page, 'title' | 'description' | 'blocks'>;

describe('pageText', () => {
  test('indexes the title, description, headings and body a visitor reads, in reading order', () => {
    const text = pageText(
      page([
        { type: 'hero', heading: 'Your new home', text: 'Borrow up to 90 %.' },
        {
          type: 'richText',
          doc: doc({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Rates' }] }, para('Fixed or variable.'), {
            type: 'bulletList',
            content: [{ type: 'listItem', content: [para('No fees')] }],
          }),
        },
      ]),
    );
    expect(text).toEqual({
      title: 'Home loan',
      description: 'Loans for a new home.',
      headings: 'Your new home Rates',
      body: 'Your new home Borrow up to 90 %. Rates Fixed or variable. No fees',
    });
  });

  test('indexes FAQ questions and answers, cards, table cells and captions', () => {
    const { body, headings } = pageText(
      page([
        { type: 'accordion', heading: 'Questions', items: [{ question: 'How long?', answer: doc(para('About a day.')) }] },
        { type: 'cards', items: [{ title: 'Car loan', text: 'For a new car.', href: '/en/car' }] },
        { type: 'table', caption: 'Terms', header: ['Term', 'Rate'], rows: [['12 months', '5.9%']] },
        { type: 'image', image: { src: '/media/house.svg', alt: 'A house', width: 1, height: 1 }, caption: 'Our office' },
      ]),
    );
    expect(headings).toBe('Questions');
    expect(body).toBe('Questions How long? About a day. Car loan For a new car. Terms Term Rate 12 months 5.9% Our office');
  });

  test('indexes what a modal opened from the page shows', () => {
    const { body } = pageText(
      page([
        {
          type: 'hero',
          heading: 'Apply',
          actions: [{ label: 'How it works', modal: { title: 'Steps', blocks: [{ type: 'richText', doc: doc(para('Ten minutes.')) }] } }],
        },
      ]),
    );
    expect(body).toBe('Apply Steps Ten minutes.');
  });

  test('leaves out hrefs, image sources and alt text, ids, button labels and forms', () => {
    const { body, headings } = pageText(
      page([
        {
          type: 'hero',
          id: 'top-anchor',
          heading: 'Hello',
          image: { src: '/media/secret-file.svg', alt: 'alt words', width: 1, height: 1 },
          actions: [{ label: 'Apply now', href: '/en/apply-path' }],
        },
        { type: 'cta', text: 'Questions?', action: { label: 'Contact us', href: '/en/contact' } },
        {
          type: 'form',
          id: 'contact',
          title: 'Write to us',
          fields: [{ name: 'email', label: 'Your email', kind: 'email' }],
          submitLabel: 'Send',
          successMessage: 'Thanks',
        },
      ]),
    );
    const all = `${headings} ${body}`;
    for (const unread of [
      'top-anchor',
      'secret-file',
      'alt words',
      'Apply now',
      'apply-path',
      'Contact us',
      'Write to us',
      'Your email',
      'Send',
      'Thanks',
      'email',
    ])
      expect(all).not.toContain(unread);
    expect(body).toBe('Hello Questions?');
  });
});
