/**
 * Focus asked for in an event handler but done once React has committed the render that shows
 * its target (a message just set, a status just filled in): before that there is nothing to focus.
 */
import { useEffect, useRef } from 'react';

export function useFocusAfterRender(): (focus: () => void) => void {
  const pendingRef = useRef<(() => void) | null>(null);
  useEffect(() => {
    const focus = pendingRef.current;
    if (!focus) return;
    pendingRef.current = null;
    focus();
  });
  return (focus) => {
    pendingRef.current = focus;
  };
}
