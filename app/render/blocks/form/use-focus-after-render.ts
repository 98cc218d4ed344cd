/**
 * Focus asked for in an event handler but done once React has committed the render that shows
 * its target (a message just set, a status just filled in): before that there is nothing to focus.
 * Asking also renders once more: the render that shows the target may already be committed by
 * then (an update made while the submit event is still current is flushed in a microtask, before
 * an awaiting caller resumes), and without a render to follow the focus would never happen.
 */
import { useEffect, useRef, useState } from 'react';

export function useFocusAfterRender(): (focus: () => void) => void {
  const pendingRef = useRef<(() => void) | null>(null);
  const [, rerender] = useState(0);
  useEffect(() => {
    const focus = pendingRef.current;
    if (!focus) return;
    pendingRef.current = null;
    focus();
  });
  return (focus) => {
    pendingRef.current = focus;
    rerender((n) => n + 1);
  };
}
