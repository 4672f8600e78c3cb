/**
 * jsdom has no document.fonts, which Mantine's autosizing Textarea listens to. Only the chat
 * feature uses an autosizing box so far, so its tests install this stand-in themselves.
 */
export function stubDocumentFonts(): void {
  if ('fonts' in document) return;
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}
