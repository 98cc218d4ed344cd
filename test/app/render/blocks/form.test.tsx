/**
 * The form block as the server renders it, inside a whole page: the browser hydrates this
 * HTML, so it must not change when the block's code is reorganised. The two forms between
 * them use every field kind, a title and none, the site's endpoint and another, files and none.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { Chrome } from '../../../../app/build-records';
import { Page } from '../../../../app/content/schema';
import { App } from '../../../../app/render/app';
import { FormBlock } from '../../../../app/render/blocks/form';
import { provideParts } from '../../../../app/render/lazy-parts';
import type { View } from '../../../../app/view';
import '../../../../app/i18n/all-languages';

provideParts({ form: FormBlock });

function chrome(code: string, lang: string): Chrome {
  return {
    siteName: 'Example Bank',
    origin: 'https://www.example.com',
    defaultLocale: 'en',
    locale: { code, lang, label: code },
    locales: [{ code, lang, label: code }],
    navigation: [],
    footer: { text: '', links: [] },
  };
}

/** Only the form's <section>: the page around it is the layouts' business. */
function renderedForm(path: string, code: string, lang: string, block: unknown): string {
  const page = Page.parse({ title: 'Contact', layout: 'blank', blocks: [block] });
  const view: View = { kind: 'page', payload: { path, page, chrome: chrome(code, lang) } };
  const html = renderToString(createElement(App, { view }));
  const form = /<section class="block form-block"[\s\S]*?<\/section>/.exec(html);
  if (!form) throw new Error(`no form block in ${html}`);
  return form[0].replace(/></g, '>\n<');
}

describe('the form block as the server renders it', () => {
  test('an English form with a title, every text kind, a select and a checkbox posts JSON-able fields to the site', () => {
    const html = renderedForm('/en/contact', 'en', 'en-GB', {
      type: 'form',
      id: 'contact',
      title: 'Write to us',
      submitLabel: 'Send',
      successMessage: 'Thank you',
      fields: [
        { name: 'name', label: 'Name', kind: 'text', rules: 'required|min:2|max:40' },
        { name: 'email', label: 'Email', kind: 'email', rules: 'required|email' },
        { name: 'phone', label: 'Phone', kind: 'tel' },
        { name: 'age', label: 'Age', kind: 'number', rules: 'integer|between:18,99' },
        { name: 'topic', label: 'Topic', kind: 'select', rules: 'required', options: [{ value: 'loan', label: 'Loan' }] },
        { name: 'message', label: 'Message', kind: 'textarea', rules: 'max:500' },
        { name: 'consent', label: 'I agree', kind: 'checkbox', rules: 'required' },
      ],
    });
    expect(html).toMatchInlineSnapshot(`
      "<section class="block form-block" id="contact">
      <h2 id="contact-title">Write to us</h2>
      <form aria-labelledby="contact-title" data-form-id="contact" data-status="idle" action="/_app/forms" method="post">
      <input type="hidden" name="_form" value="contact"/>
      <input type="hidden" name="_page" value="/en/contact"/>
      <div class="field field--text">
      <label for="contact-name">Name</label>
      <input id="contact-name" type="text" required="" maxLength="40" minLength="2" name="name"/>
      </div>
      <div class="field field--email">
      <label for="contact-email">Email</label>
      <input id="contact-email" type="email" autoComplete="email" required="" maxLength="20000" name="email"/>
      </div>
      <div class="field field--tel">
      <label for="contact-phone">Phone</label>
      <input id="contact-phone" type="tel" autoComplete="tel" maxLength="20000" name="phone"/>
      </div>
      <div class="field field--number">
      <label for="contact-age">Age</label>
      <input id="contact-age" type="number" min="18" max="99" step="1" name="age"/>
      </div>
      <div class="field field--select">
      <label for="contact-topic">Topic</label>
      <select id="contact-topic" name="topic" required="">
      <option value="" disabled="" selected="">Choose…</option>
      <option value="loan">Loan</option>
      </select>
      </div>
      <div class="field field--textarea">
      <label for="contact-message">Message</label>
      <textarea id="contact-message" name="message" rows="5" maxLength="500">
      </textarea>
      </div>
      <div class="field field--checkbox">
      <input id="contact-consent" type="checkbox" required="" name="consent" value="yes"/>
      <label for="contact-consent">I agree</label>
      </div>
      <div class="visually-hidden" aria-hidden="true">
      <label for="contact-_hp">Leave this field empty</label>
      <input id="contact-_hp" type="text" tabindex="-1" autoComplete="off" name="_hp" value=""/>
      </div>
      <button type="submit" class="button button--primary">Send</button>
      </form>
      <div class="form-block__status" role="status" tabindex="-1">
      </div>
      <div class="form-block__alert" role="alert">
      </div>
      </section>"
    `);
  });

  test('an Estonian form without a title, with a file field, posts multipart to its own endpoint', () => {
    const html = renderedForm('/et/kontakt', 'et', 'et-EE', {
      type: 'form',
      id: 'application',
      submitLabel: 'Saada',
      successMessage: 'Aitäh',
      endpoint: 'https://forms.example.com/in',
      fields: [
        { name: 'cv', label: 'CV', kind: 'file', rules: 'required|mimes:application/pdf|ext:pdf|size:500' },
        { name: 'photo', label: 'Foto', kind: 'file', rules: 'image|dimensions:300,200' },
      ],
    });
    expect(html).toMatchInlineSnapshot(`
      "<section class="block form-block" id="application">
      <form data-form-id="application" data-status="idle" action="https://forms.example.com/in" encType="multipart/form-data" method="post">
      <input type="hidden" name="_form" value="application"/>
      <input type="hidden" name="_page" value="/et/kontakt"/>
      <div class="field field--file">
      <label for="application-cv">CV</label>
      <input id="application-cv" type="file" required="" accept="application/pdf,.pdf" name="cv"/>
      </div>
      <div class="field field--file">
      <label for="application-photo">Foto</label>
      <input id="application-photo" type="file" accept="image/*" name="photo"/>
      </div>
      <div class="visually-hidden" aria-hidden="true">
      <label for="application-_hp">Jäta see väli tühjaks</label>
      <input id="application-_hp" type="text" tabindex="-1" autoComplete="off" name="_hp" value=""/>
      </div>
      <button type="submit" class="button button--primary">Saada</button>
      </form>
      <div class="form-block__status" role="status" tabindex="-1">
      </div>
      <div class="form-block__alert" role="alert">
      </div>
      </section>"
    `);
  });
});
