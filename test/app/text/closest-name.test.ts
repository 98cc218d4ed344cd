import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestName, editDistance } from '../../../app/text/closest-name';

describe('editDistance', () => {
  it('counts a dropped letter, an added one, a changed one and two swapped neighbours as one edit each', () => {
    expect(editDistance('descripton', 'description')).toBe(1);
    expect(editDistance('keeep', 'keep')).toBe(1);
    expect(editDistance('tilte', 'title')).toBe(1);
    expect(editDistance('kep', 'kap')).toBe(1);
    expect(editDistance('lable', 'label')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'alt')).toBe(3);
  });

  it('is zero exactly for equal strings and never more than the longer length', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const d = editDistance(a, b);
        expect(d === 0).toBe(a === b);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });
});

describe('closestName', () => {
  it('suggests the key a typo was meant to be', () => {
    expect(closestName('descripton', ['title', 'description', 'blocks'])).toBe('description');
  });

  it('ignores case', () => {
    expect(closestName('Title', ['title'])).toBe('title');
  });

  it('suggests nothing when no known name is a plausible typo', () => {
    expect(closestName('colour', ['env', 'keep', 'force'])).toBeUndefined();
    expect(closestName('xy', ['id'])).toBeUndefined();
  });

  it('allows one edit in a name of up to 4 characters and two in a longer one', () => {
    expect(closestName('scr', ['src'])).toBe('src');
    expect(closestName('blcoks', ['blocks'])).toBe('blocks');
    expect(closestName('deskripton', ['description'])).toBe('description');
    expect(closestName('ky', ['keep'])).toBeUndefined();
  });

  it('prefers the nearer of two candidates', () => {
    expect(closestName('kepp', ['keep', 'kept-builds'])).toBe('keep');
  });
});
