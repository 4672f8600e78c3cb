import {
  createTheme,
  darken,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
} from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  // Keyboard users get a visible focus ring; mouse clicks do not leave one behind.
  focusRing: 'auto',
  cursorType: 'pointer',
  // Shade 6 of indigo, gray or orange under white text, or as text on white, is below the 4.5:1 contrast
  // WCAG AA asks for (axe flags it on the portals); shade 7 passes.
  primaryShade: { light: 7, dark: 8 },
  components: {
    // A toast's close button is an icon: without a name, screen readers announce a bare "button".
    // It alone takes the pointer (providers.tsx).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { closeButton: { pointerEvents: 'auto' } },
    },
  },
});

/**
 * Light colour scheme contrast (WCAG AA, 4.5:1, checked by axe on the portals): dimmed text in gray 7
 * rather than gray 6 (3.3:1 on white), field errors in red 8, and the text of light and outline badges, alerts and buttons a
 * darker shade 9 (Mantine's shade 9 of green, yellow, orange and teal is 2.7–4.3:1 on its light background).
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolvedTheme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field errors are small red text: red 6 is 3.3:1 on white, red 8 passes.
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  };
  for (const [name, shades] of Object.entries(resolvedTheme.colors)) {
    if (name === 'dark') continue;
    const text = darken(shades[9], 0.3);
    light[`--mantine-color-${name}-light-color`] = text;
    light[`--mantine-color-${name}-outline`] = text;
  }
  return { variables: {}, light, dark: {} };
};

/** Same key as public/color-scheme.js, which applies the scheme before the app has loaded. */
export const colorSchemeStorageKey = 'commonwise-color-scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: colorSchemeStorageKey });
