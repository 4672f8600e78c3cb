import { useEffect, useLayoutEffect, useRef } from 'react';

/** SPEC §9: a message list scrolls to the bottom 100 ms after it changes. */
export const scrollDelayMs = 100;

/**
 * For a scrolling message list (AI Assistant, work rooms): returns the ref for the scrolling element,
 * which is scrolled to the bottom scrollDelayMs after `change` (e.g. the last message's id) changes,
 * and keeps the messages in view where they are when older ones come in front of `firstId`.
 */
export function useScrollToBottom<T extends HTMLElement>(change: string, firstId?: string) {
  const ref = useRef<T>(null);
  // Older messages put in front (Load earlier messages) push the ones being read down: the list is
  // scrolled by as much, so they stay where they were on the screen.
  const before = useRef<{ firstId: string | undefined; scrollHeight: number } | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const previous = before.current;
    if (previous && previous.firstId !== undefined && firstId !== previous.firstId) {
      element.scrollTop += element.scrollHeight - previous.scrollHeight;
    }
    before.current = { firstId, scrollHeight: element.scrollHeight };
  });
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const element = ref.current;
      if (element) element.scrollTop = element.scrollHeight;
    }, scrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [change]);
  return ref;
}
