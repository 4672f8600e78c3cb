import { useCallback, useState } from 'react';

/**
 * An element's width, measured as soon as it is attached (before the first paint, so the layout
 * does not jump) and again whenever it changes. 0 where nothing is laid out (tests).
 */
export function useWidth<T extends HTMLElement>() {
  const [width, setWidth] = useState(0);
  // A React 19 ref callback: what it returns runs when the element goes away.
  const ref = useCallback((element: T | null) => {
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
