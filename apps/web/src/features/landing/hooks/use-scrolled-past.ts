import { useEffect, useState } from 'react';

/** True once the page has scrolled more than `offset` pixels (false while prerendering). */
export function useScrolledPast(offset: number): boolean {
  const [isPast, setIsPast] = useState(false);
  useEffect(() => {
    const update = () => setIsPast(window.scrollY > offset);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [offset]);
  return isPast;
}
