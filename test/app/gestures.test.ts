import { describe, expect, test } from 'vitest';
import { GESTURE_HOLD_MS, GESTURE_LONG_TAP_MS, GESTURE_SWIPE_TOLERANCE_PX, GESTURE_TAP_TOLERANCE_PX } from '../../app/constants';
import { classifyGesture, isHold, withinTap, type Gesture, type GesturePoint } from '../../app/gestures';

const TAP = GESTURE_TAP_TOLERANCE_PX;
const SWIPE = GESTURE_SWIPE_TOLERANCE_PX;
const LONG = GESTURE_LONG_TAP_MS;
const start: GesturePoint = { x: 100, y: 200, t: 1_000 };
const at = (dx: number, dy: number, ms: number): GesturePoint => ({ x: start.x + dx, y: start.y + dy, t: start.t + ms });

describe('classifyGesture', () => {
  test.each<[string, number, number, number, Gesture | null]>([
    // taps: released within the tap tolerance, before the long-tap time
    ['no movement, quick', 0, 0, 50, 'tap'],
    ['exactly the tap tolerance to the right', TAP, 0, 100, 'tap'],
    ['exactly the tap tolerance up', 0, -TAP, 100, 'tap'],
    ['diagonal within the tolerance (6, 8 = 10)', 6, 8, 100, 'tap'],
    ['just under the long-tap time', 0, 0, LONG - 1, 'tap'],
    // long taps: released within the tap tolerance at or after the long-tap time
    ['exactly the long-tap time', 0, 0, LONG, 'longtap'],
    ['long after, moved a little', 3, -4, LONG * 3, 'longtap'],
    ['at the tap tolerance, long', -TAP, 0, LONG, 'longtap'],
    // swipes: beyond the swipe tolerance along the dominant axis, any duration
    ['left beyond the swipe tolerance', -(SWIPE + 1), 0, 150, 'swipe-left'],
    ['right beyond the swipe tolerance', SWIPE + 1, 0, 150, 'swipe-right'],
    ['up beyond the swipe tolerance', 0, -(SWIPE + 1), 150, 'swipe-up'],
    ['down beyond the swipe tolerance', 0, SWIPE + 1, 150, 'swipe-down'],
    ['left with some vertical drift', -80, 20, 200, 'swipe-left'],
    ['down with some horizontal drift', 25, 90, 200, 'swipe-down'],
    ['a slow swipe is still a swipe', 120, 0, LONG * 2, 'swipe-right'],
    // in between: more than a tap, not yet a swipe
    ['just beyond the tap tolerance', TAP + 1, 0, 100, null],
    ['diagonal beyond the tap tolerance (8, 8)', 8, 8, 100, null],
    ['halfway', 20, 0, 100, null],
    ['exactly the swipe tolerance (not beyond)', SWIPE, 0, 100, null],
    ['exactly the swipe tolerance up', 0, -SWIPE, 100, null],
    ['diagonal, neither axis beyond the swipe tolerance', 25, 25, 100, null],
    ['in between and long', 20, 0, LONG * 2, null],
  ])('%s -> %s', (_label, dx, dy, ms, expected) => {
    expect(classifyGesture(start, at(dx, dy, ms))).toBe(expected);
  });

  test('the tolerances can be overridden', () => {
    const tolerances = { tapPx: 2, swipePx: 5, holdMs: 50, longTapMs: 50 };
    expect(classifyGesture(start, at(3, 0, 10), tolerances)).toBeNull();
    expect(classifyGesture(start, at(6, 0, 10), tolerances)).toBe('swipe-right');
    expect(classifyGesture(start, at(1, 0, 60), tolerances)).toBe('longtap');
  });
});

describe('hold', () => {
  test.each<[string, number, number, number, boolean]>([
    ['still, at the hold time', 0, 0, GESTURE_HOLD_MS, true],
    ['still, before the hold time', 0, 0, GESTURE_HOLD_MS - 1, false],
    ['moved within the tap tolerance, at the hold time', TAP, 0, GESTURE_HOLD_MS, true],
    ['moved beyond the tap tolerance', TAP + 1, 0, GESTURE_HOLD_MS * 2, false],
  ])('%s -> %s', (_label, dx, dy, ms, expected) => {
    expect(isHold(start, at(dx, dy, ms))).toBe(expected);
  });

  test('withinTap measures the straight-line distance', () => {
    expect(withinTap(start, at(6, 8, 0))).toBe(true);
    expect(withinTap(start, at(7, 8, 0))).toBe(false);
  });
});
