import { describe, expect, test } from 'vitest';
import { Block } from '../../../app/content/schema';

const form = (id: string) => ({ type: 'form', id, fields: [{ name: 'name', label: 'Name', kind: 'text' }], submitLabel: 'Send', successMessage: 'Thanks' });

describe('form blocks', () => {
  test('a form id longer than the form endpoint takes (64 characters) is a build error', () => {
    const parsed = Block.safeParse(form('f'.repeat(65)));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Must be at most 64 characters');
  });

  test('a form id of 64 characters builds', () => {
    expect(Block.safeParse(form('f'.repeat(64))).success).toBe(true);
  });
});
