import { useEffect } from 'react';

export const productName = 'Commonwise';

export function formatPageTitle(title?: string): string {
  return title ? `${title} · ${productName}` : productName;
}

/** Sets document.title so each page is named in the browser tab, history and screen readers. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}
