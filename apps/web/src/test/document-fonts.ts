/**
 * jsdom has no document.fonts, which Mantine's autosizing Textarea listens to. Tests of screens with
 * an autosizing box (the message composer) install this stand-in themselves.
 */
export function stubDocumentFonts(): void {
  if ('fonts' in document) return;
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}
