import { createTheme, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // WCAG AA (4.5:1): white on indigo.6 is 4.3:1, on indigo.7 5.0:1 (filled buttons, links).
  primaryShade: { light: 7, dark: 8 },
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

/** Secondary ('dimmed') text at WCAG AA contrast: Mantine's default, gray.6, is 3.3:1 on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
