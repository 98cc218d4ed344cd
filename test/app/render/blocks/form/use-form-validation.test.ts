import { describe, expect, test } from 'vitest';
import { createCheckOrder, NO_ERRORS, withMessage } from '../../../../../app/render/blocks/form/use-form-validation';

describe('the order of a form’s field checks', () => {
  test('a check that answers after a newer check of the same field began is stale', () => {
    const order = createCheckOrder();
    const first = order.begin('email');
    const second = order.begin('email');
    expect(order.isLatest('email', first)).toBe(false);
    expect(order.isLatest('email', second)).toBe(true);
  });

  test('a check of another field does not make a field’s check stale', () => {
    const order = createCheckOrder();
    const email = order.begin('email');
    order.begin('name');
    expect(order.isLatest('email', email)).toBe(true);
  });

  test('a field named like an Object.prototype member is a field like any other', () => {
    const order = createCheckOrder();
    expect(order.isLatest('constructor', 1)).toBe(false);
    expect(order.isLatest('constructor', order.begin('constructor'))).toBe(true);
  });
});

describe('a form’s messages by field', () => {
  test('a message is shown for its field and removed by null, leaving the earlier errors as they were', () => {
    const shown = withMessage(NO_ERRORS, 'email', 'The Email field must be a valid email');
    expect([...shown]).toEqual([['email', 'The Email field must be a valid email']]);
    expect(NO_ERRORS.size).toBe(0);
    expect(withMessage(shown, 'email', null).size).toBe(0);
  });

  test('the same message again, or removing one that is not shown, gives the same errors, so nothing re-renders', () => {
    const shown = withMessage(NO_ERRORS, 'email', 'Wrong');
    expect(withMessage(shown, 'email', 'Wrong')).toBe(shown);
    expect(withMessage(shown, 'name', null)).toBe(shown);
  });
});
