/**
 * Draft names from outside (a git branch, a host's first label): whatever the spelling, what
 * comes out is a name the host of its draft gives back, or nothing.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DRAFT_NAME_MAX_LENGTH, draftNameOfBranch, isDraftName, previewHostOf } from '../../app/drafts';
import { checkProperty, hostileString } from '../support/property';

const BASES = ['preview.example.com', 'preview.localhost:8788'];
/** Branch-like strings: git's own spellings, and anything at all. */
const branch = fc.oneof(fc.stringMatching(/^[A-Za-z0-9._/-]{0,60}$/), fc.string({ unit: 'grapheme', maxLength: 60 }), hostileString(8));

describe('the draft name of any branch', () => {
  test('is none, or a name whose draft host names it back', () => {
    checkProperty(
      fc.property(branch, (text) => {
        const name = draftNameOfBranch(text);
        if (name === null) return;
        expect(isDraftName(name)).toBe(true);
        expect(name.length).toBeLessThanOrEqual(DRAFT_NAME_MAX_LENGTH);
        for (const base of BASES) expect(previewHostOf(`${name}.${base}`, BASES)).toEqual({ base, draft: name });
      }),
      { numRuns: 500 },
    );
  });
});

describe('a host in front of a preview host', () => {
  test('names a draft exactly when its first label is a draft name', () => {
    checkProperty(
      fc.property(fc.oneof(branch, fc.stringMatching(/^[a-z0-9-]{1,40}$/)), fc.constantFrom(...BASES), (label, base) => {
        const found = previewHostOf(`${label}.${base}`, BASES);
        expect(found).toEqual(isDraftName(label) ? { base, draft: label } : null);
      }),
      { numRuns: 500 },
    );
  });
});
