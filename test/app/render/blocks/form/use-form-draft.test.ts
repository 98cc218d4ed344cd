import { describe, expect, test } from 'vitest';
import { flushOnPageLeave } from '../../../../../app/render/blocks/form/use-form-draft';

/** A document whose visibility the test sets; Node's EventTarget does the listening. */
class Doc extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  become(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

function setUp() {
  const win = new EventTarget();
  const doc = new Doc();
  let writes = 0;
  const stop = flushOnPageLeave(() => writes++, win, doc);
  return { win, doc, stop, writes: () => writes };
}

describe('a form’s draft as the page is left', () => {
  test('is written at once when the page is hidden (a tab switch, the app sent to the background)', () => {
    const page = setUp();
    page.doc.become('hidden');
    expect(page.writes()).toBe(1);
  });

  test('is written at once when the page is left (pagehide)', () => {
    const page = setUp();
    page.win.dispatchEvent(new Event('pagehide'));
    expect(page.writes()).toBe(1);
  });

  test('is not written when the page becomes visible again', () => {
    const page = setUp();
    page.doc.become('visible');
    expect(page.writes()).toBe(0);
  });

  test('is no longer written by the page once the form is gone', () => {
    const page = setUp();
    page.stop();
    page.doc.become('hidden');
    page.win.dispatchEvent(new Event('pagehide'));
    expect(page.writes()).toBe(0);
  });
});
