/**
 * Moves focus to `target` if, after `delayMs`, it is nowhere (on the body): as after the button that
 * had it disappeared, or a dialog closed and could not return it. Keyboard users keep their place.
 */
export function focusIfLost(target: () => HTMLElement | null, delayMs = 0): void {
  window.setTimeout(() => {
    const active = document.activeElement;
    if (!active || active === document.body) target()?.focus();
  }, delayMs);
}
