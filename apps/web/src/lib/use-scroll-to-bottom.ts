import { useEffect, useRef } from 'react';

/** SPEC §9: a message list scrolls to the bottom 100 ms after it changes. */
export const scrollDelayMs = 100;

/**
 * For a scrolling message list (AI Assistant, work rooms): returns the ref for the scrolling element,
 * which is scrolled to the bottom scrollDelayMs after `change` (e.g. the last message's id and the
 * count) changes.
 */
export function useScrollToBottom<T extends HTMLElement>(change: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const element = ref.current;
      if (element) element.scrollTop = element.scrollHeight;
    }, scrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [change]);
  return ref;
}
