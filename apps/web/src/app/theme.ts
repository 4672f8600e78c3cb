import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  // Keyboard users get a visible focus ring; mouse clicks do not leave one behind.
  focusRing: 'auto',
  cursorType: 'pointer',
});

/** Same key as public/color-scheme.js, which applies the scheme before the app has loaded. */
export const colorSchemeStorageKey = 'commonwise-color-scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: colorSchemeStorageKey });
