/**
 * Touch gestures (docs/behaviour.md#10-touch-gestures), classified from where and when a press started and ended. Pure: the
 * React hook (app/render/hooks/use-gestures.ts) feeds it pointer, touch or mouse positions.
 *
 *   tap        released within GESTURE_TAP_TOLERANCE_PX of the start, before GESTURE_LONG_TAP_MS
 *   longtap    released within the tap tolerance after GESTURE_LONG_TAP_MS or more
 *   hold       still pressed GESTURE_HOLD_MS after the start, never beyond the tap tolerance
 *              (reported while pressed, by the hook; see isHold)
 *   swipe-*    moved beyond GESTURE_SWIPE_TOLERANCE_PX along the dominant axis
 *   null       anything in between (more than a tap, less than a swipe): no gesture
 *
 * Distances are CSS pixels. "Within" includes the tolerance itself; "beyond" excludes it.
 */
import { GESTURE_HOLD_MS, GESTURE_LONG_TAP_MS, GESTURE_SWIPE_TOLERANCE_PX, GESTURE_TAP_TOLERANCE_PX } from './constants';

export type SwipeDirection = 'left' | 'right' | 'up' | 'down';
export type Gesture = 'tap' | 'longtap' | `swipe-${SwipeDirection}`;

/** A position on screen at a time (ms, any clock, as long as start and end share it). */
export interface GesturePoint {
  x: number;
  y: number;
  t: number;
}

export interface GestureTolerances {
  tapPx: number;
  swipePx: number;
  holdMs: number;
  longTapMs: number;
}

export const DEFAULT_TOLERANCES: GestureTolerances = {
  tapPx: GESTURE_TAP_TOLERANCE_PX,
  swipePx: GESTURE_SWIPE_TOLERANCE_PX,
  holdMs: GESTURE_HOLD_MS,
  longTapMs: GESTURE_LONG_TAP_MS,
};

/** How far a point is from the start (straight line). */
export function distance(start: GesturePoint, end: GesturePoint): number {
  return Math.hypot(end.x - start.x, end.y - start.y);
}

/** Still a tap-like press: it has not moved beyond the tap tolerance. */
export function withinTap(start: GesturePoint, current: GesturePoint, tolerances: GestureTolerances = DEFAULT_TOLERANCES): boolean {
  return distance(start, current) <= tolerances.tapPx;
}

/** A press still down at `current` is a hold once it has lasted GESTURE_HOLD_MS without moving. */
export function isHold(start: GesturePoint, current: GesturePoint, tolerances: GestureTolerances = DEFAULT_TOLERANCES): boolean {
  return current.t - start.t >= tolerances.holdMs && withinTap(start, current, tolerances);
}

/** The gesture a press from `start` released at `end` makes, or null when it is none. */
export function classifyGesture(
  start: GesturePoint,
  end: GesturePoint,
  tolerances: GestureTolerances = DEFAULT_TOLERANCES,
): Gesture | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (withinTap(start, end, tolerances)) return end.t - start.t >= tolerances.longTapMs ? 'longtap' : 'tap';
  const horizontal = Math.abs(dx) >= Math.abs(dy);
  const along = horizontal ? Math.abs(dx) : Math.abs(dy);
  if (along <= tolerances.swipePx) return null;
  if (horizontal) return dx < 0 ? 'swipe-left' : 'swipe-right';
  return dy < 0 ? 'swipe-up' : 'swipe-down';
}
