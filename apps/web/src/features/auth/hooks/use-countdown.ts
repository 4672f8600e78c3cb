import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whole seconds left until a moment set with `start(seconds)`, updated every second; 0 when done.
 * Counted against the clock, not by ticks, so a throttled background tab still ends on time.
 */
export function useCountdown() {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const endsAtRef = useRef(0);
  const isRunning = secondsLeft > 0;

  useEffect(() => {
    if (!isRunning) return;
    const timer = window.setInterval(() => {
      setSecondsLeft(Math.max(0, Math.ceil((endsAtRef.current - Date.now()) / 1000)));
    }, 1000);
    return () => window.clearInterval(timer);
  }, [isRunning]);

  const start = useCallback((seconds: number) => {
    endsAtRef.current = Date.now() + seconds * 1000;
    setSecondsLeft(Math.max(0, Math.ceil(seconds)));
  }, []);

  return { secondsLeft, start };
}
