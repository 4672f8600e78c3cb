/**
 * Moves focus to `target` if, after `delayMs`, it is nowhere (on the body): as after the button that
 * had it disappeared, or a dialog closed and could not return it. Keyboard users keep their place.
 */
export function focusIfLost(target: () => HTMLElement | null, delayMs = 0): void {
  // The page's document as it is now: by the time the timer fires the page may be gone (a test's
  // document torn down with it), and then there is nothing to focus.
  const page = document;
  window.setTimeout(() => {
    const active = page.activeElement;
    if (!active || active === page.body) target()?.focus();
  }, delayMs);
}
