/** Draft names: one spelling for the worker and the commands, a safe DNS label only. */
import { describe, expect, test } from 'vitest';
import { DraftName, draftNameOfBranch, isDraftName, previewHostOf } from '../../app/drafts';

describe('a draft name', () => {
  test.each(['spring', 'campaign-2026', 'a', '0', 'x'.repeat(32)])('%s is one', (name) => {
    expect(isDraftName(name)).toBe(true);
  });

  test.each([
    ['', 'cannot be empty'],
    ['Spring', 'lowercase letters'],
    ['-spring', 'lowercase letters'],
    ['spring-', 'lowercase letters'],
    ['spring.campaign', 'lowercase letters'],
    ['spring_campaign', 'lowercase letters'],
    ['xn--spring', 'third and fourth'],
    ['ab--c', 'third and fourth'],
    ['x'.repeat(33), 'at most 32'],
    ['kevad\u00e4', 'lowercase letters'],
  ])('%j is refused, saying why', (name, why) => {
    const parsed = DraftName.safeParse(name);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain(why);
  });
});

describe('the draft name of a git branch', () => {
  test.each([
    ['feature/Spring-Campaign', 'feature-spring-campaign'],
    ['editor/kevad_2026', 'editor-kevad-2026'],
    ['__x__', 'x'],
    ['ab--cd', 'ab-cd'],
    ['a'.repeat(40), 'a'.repeat(32)],
  ])('%s is %s', (branch, name) => {
    expect(draftNameOfBranch(branch)).toBe(name);
  });

  test('is none when nothing of the branch makes a name', () => {
    expect(draftNameOfBranch('///')).toBeNull();
  });
});

describe('a preview host and its drafts', () => {
  const bases = ['preview.example.com', 'preview.localhost:8788'];

  test('the preview host itself is the unnamed draft', () => {
    expect(previewHostOf('preview.example.com', bases)).toEqual({ base: 'preview.example.com', draft: null });
  });

  test('one label more names a draft, on the configured host or the local one with its port', () => {
    expect(previewHostOf('spring.preview.example.com', bases)).toEqual({ base: 'preview.example.com', draft: 'spring' });
    expect(previewHostOf('spring.preview.localhost:8788', bases)).toEqual({ base: 'preview.localhost:8788', draft: 'spring' });
  });

  test.each([
    'a.b.preview.example.com',
    'xn--a.preview.example.com',
    'preview.example.com.evil.example',
    'evilpreview.example.com',
    'spring.preview.localhost:9999',
  ])('%s is no preview host', (host) => {
    expect(previewHostOf(host, bases)).toBeNull();
  });
});
