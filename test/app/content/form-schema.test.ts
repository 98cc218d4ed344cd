import { describe, expect, test } from 'vitest';
import { FORM_MAX_VALUES } from '../../../app/constants';
import { Block } from '../../../app/content/schema';

const form = (id: string, fields: unknown[] = [{ name: 'name', label: 'Name', kind: 'text' }]) => ({
  type: 'form',
  id,
  fields,
  submitLabel: 'Send',
  successMessage: 'Thanks',
});
const fields = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `f${i}`, label: `Field ${i}`, kind: 'text' }));

describe('form blocks', () => {
  test('a form id longer than the form endpoint takes (64 characters) is a build error', () => {
    const parsed = Block.safeParse(form('f'.repeat(65)));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Must be at most 64 characters');
  });

  test('a form id of 64 characters builds', () => {
    expect(Block.safeParse(form('f'.repeat(64))).success).toBe(true);
  });

  test('a field name longer than the form endpoint takes (64 characters) is a build error', () => {
    const parsed = Block.safeParse(form('contact', [{ name: 'f'.repeat(65), label: 'Name', kind: 'text' }]));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['fields', 0, 'name'], message: 'Must be at most 64 characters' })]);
    expect(Block.safeParse(form('contact', [{ name: 'f'.repeat(64), label: 'Name', kind: 'text' }])).success).toBe(true);
  });

  test('a form with more fields than the form endpoint takes values, less one for the honeypot, is a build error', () => {
    const parsed = Block.safeParse(form('contact', fields(FORM_MAX_VALUES)));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['fields'], message: `A form may have at most ${FORM_MAX_VALUES - 1} fields` }),
    ]);
    expect(Block.safeParse(form('contact', fields(FORM_MAX_VALUES - 1))).success).toBe(true);
  });
});
