/* global window, document */
// Sets the colour scheme before the app loads so a dark-mode user never sees a white flash.
// Kept as a file (not inline) so a strict Content-Security-Policy can still allow it as 'self'.
(function () {
  try {
    var stored = window.localStorage.getItem('commonwise-color-scheme');
    var scheme = stored === 'light' || stored === 'dark' || stored === 'auto' ? stored : 'auto';
    if (scheme === 'auto') {
      scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    // Storage can be blocked (private mode); the app still sets the scheme once it starts.
  }
})();
