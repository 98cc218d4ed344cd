/**
 * `useGestures(handlers, options?)`: event props to spread on an element so that taps, long
 * taps, holds and swipes on it call the matching handler (docs/behaviour.md#10-touch-gestures; the rules are in app/gestures.ts).
 *
 *   <div {...useGestures({ onSwipeLeft: next, onSwipeRight: previous })}>
 *
 * Pointer Events cover touch, pen and mouse. Where the browser has no PointerEvent (Safari 12)
 * it falls back to touch events and, until a touch is seen, mouse events. One press at a
 * time: a second finger cancels the gesture. A hold fires while the press lasts; releasing it
 * then is also a long tap. The element should have CSS `touch-action` that leaves the swipe
 * axis to the page (e.g. `pan-y` for horizontal swipes), or the browser scrolls instead.
 *
 * Nothing is rendered from the props, so server and client HTML stay the same.
 */
import { useEffect, useLayoutEffect, useRef, type DOMAttributes, type MouseEvent, type PointerEvent, type TouchEvent } from 'react';
import { classifyGesture, DEFAULT_TOLERANCES, withinTap, type Gesture, type GesturePoint, type GestureTolerances } from '../../gestures';

export type GestureName = Gesture | 'hold';

export interface GestureInfo {
  gesture: GestureName;
  start: GesturePoint;
  end: GesturePoint;
  /** 'mouse' | 'pen' | 'touch' */
  pointerType: string;
}

export interface GestureHandlers {
  onTap?(info: GestureInfo): void;
  onLongTap?(info: GestureInfo): void;
  onHold?(info: GestureInfo): void;
  onSwipeLeft?(info: GestureInfo): void;
  onSwipeRight?(info: GestureInfo): void;
  onSwipeUp?(info: GestureInfo): void;
  onSwipeDown?(info: GestureInfo): void;
  /** every gesture, after its own handler */
  onGesture?(info: GestureInfo): void;
}

export interface GestureOptions {
  /** override the spec's tolerances (tests, special surfaces) */
  tolerances?: Partial<GestureTolerances>;
  /** react to a mouse as well as to touch and pen (default true) */
  mouse?: boolean;
}

export type GestureProps<T extends Element = Element> = Pick<
  DOMAttributes<T>,
  | 'onPointerDown'
  | 'onPointerMove'
  | 'onPointerUp'
  | 'onPointerCancel'
  | 'onTouchStart'
  | 'onTouchMove'
  | 'onTouchEnd'
  | 'onTouchCancel'
  | 'onMouseDown'
  | 'onMouseMove'
  | 'onMouseUp'
  | 'onMouseLeave'
  | 'onDragStart'
>;

const HANDLER: Record<GestureName, keyof GestureHandlers> = {
  tap: 'onTap',
  longtap: 'onLongTap',
  hold: 'onHold',
  'swipe-left': 'onSwipeLeft',
  'swipe-right': 'onSwipeRight',
  'swipe-up': 'onSwipeUp',
  'swipe-down': 'onSwipeDown',
};

interface Press {
  id: number;
  pointerType: string;
  start: GesturePoint;
  last: GesturePoint;
  holdTimer: ReturnType<typeof setTimeout> | undefined;
  captured: boolean;
}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());
const point = (x: number, y: number): GesturePoint => ({ x, y, t: now() });

export function useGestures<T extends Element = Element>(handlers: GestureHandlers, options: GestureOptions = {}): GestureProps<T> {
  const latest = useRef({ handlers, options });
  // The listeners read the latest handlers; updated after each commit (not during render, which
  // React may repeat or discard), and before any input can reach the new listeners.
  useLayoutEffect(() => {
    latest.current = { handlers, options };
  });
  const press = useRef<Press | null>(null);
  const sawTouch = useRef(false);

  useEffect(() => () => clearTimeout(press.current?.holdTimer), []);

  const tolerances = (): GestureTolerances => ({ ...DEFAULT_TOLERANCES, ...latest.current.options.tolerances });
  const mouseAllowed = () => latest.current.options.mouse !== false;

  const fire = (gesture: GestureName, p: Press, end: GesturePoint) => {
    const info: GestureInfo = { gesture, start: p.start, end, pointerType: p.pointerType };
    const { handlers: h } = latest.current;
    h[HANDLER[gesture]]?.(info);
    h.onGesture?.(info);
  };

  const begin = (id: number, pointerType: string, x: number, y: number) => {
    if (press.current) {
      // A second finger: no gesture from either.
      cancel();
      return;
    }
    const p: Press = { id, pointerType, start: point(x, y), last: point(x, y), holdTimer: undefined, captured: false };
    p.holdTimer = setTimeout(() => {
      if (press.current !== p) return;
      const at = { ...p.last, t: now() };
      if (withinTap(p.start, at, tolerances())) fire('hold', p, at);
    }, tolerances().holdMs);
    press.current = p;
  };

  /** Returns true once the press has moved beyond the tap tolerance (it is a drag). */
  const move = (id: number, x: number, y: number): boolean => {
    const p = press.current;
    if (!p || p.id !== id) return false;
    p.last = point(x, y);
    if (withinTap(p.start, p.last, tolerances())) return false;
    clearTimeout(p.holdTimer);
    return true;
  };

  const end = (id: number, x: number, y: number) => {
    const p = press.current;
    if (!p || p.id !== id) return;
    clearTimeout(p.holdTimer);
    press.current = null;
    const at = point(x, y);
    const gesture = classifyGesture(p.start, at, tolerances());
    if (gesture) fire(gesture, p, at);
  };

  const cancel = () => {
    clearTimeout(press.current?.holdTimer);
    press.current = null;
  };

  if (typeof window !== 'undefined' && typeof window.PointerEvent === 'function') {
    return {
      onPointerDown(e: PointerEvent<T>) {
        if (!e.isPrimary) return cancel();
        if (e.pointerType === 'mouse' && (e.button !== 0 || !mouseAllowed())) return;
        begin(e.pointerId, e.pointerType, e.clientX, e.clientY);
      },
      onPointerMove(e: PointerEvent<T>) {
        const p = press.current;
        if (!move(e.pointerId, e.clientX, e.clientY) || !p || p.captured) return;
        // A drag: keep its events even outside the element. Not on press, so that a click on
        // a control inside still goes to that control.
        try {
          e.currentTarget.setPointerCapture(e.pointerId);
          p.captured = true;
        } catch {
          // the pointer is already gone
        }
      },
      onPointerUp(e: PointerEvent<T>) {
        end(e.pointerId, e.clientX, e.clientY);
      },
      onPointerCancel() {
        cancel();
      },
      // A dragged image would start the browser's drag and drop, which cancels the pointer.
      onDragStart(e) {
        e.preventDefault();
      },
    };
  }

  return {
    onTouchStart(e: TouchEvent<T>) {
      sawTouch.current = true;
      const touch = e.changedTouches[0];
      if (e.touches.length > 1 || !touch) return cancel();
      begin(touch.identifier, 'touch', touch.clientX, touch.clientY);
    },
    onTouchMove(e: TouchEvent<T>) {
      const touch = e.changedTouches[0];
      if (touch) move(touch.identifier, touch.clientX, touch.clientY);
    },
    onTouchEnd(e: TouchEvent<T>) {
      for (const touch of Array.from(e.changedTouches)) end(touch.identifier, touch.clientX, touch.clientY);
    },
    onTouchCancel() {
      cancel();
    },
    // Touch screens also send mouse events after a tap: once a touch is seen, they are ignored.
    onMouseDown(e: MouseEvent<T>) {
      if (sawTouch.current || e.button !== 0 || !mouseAllowed()) return;
      begin(-1, 'mouse', e.clientX, e.clientY);
    },
    onMouseMove(e: MouseEvent<T>) {
      if (!sawTouch.current) move(-1, e.clientX, e.clientY);
    },
    onMouseUp(e: MouseEvent<T>) {
      if (!sawTouch.current) end(-1, e.clientX, e.clientY);
    },
    onMouseLeave() {
      if (press.current?.pointerType === 'mouse') cancel();
    },
    onDragStart(e) {
      e.preventDefault();
    },
  };
}
