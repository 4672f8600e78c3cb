/**
 * A duration as a person reads it: '850 ms', '1.4 s', '2 min 5 s', '3 h 10 min', '2 d 4 h'. Rounded
 * down to its two largest units, never up: a reply time is not made to look faster than it was.
 */
export function formatDurationMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${(Math.floor(seconds * 10) / 10).toFixed(1)} s`;
  const wholeSeconds = Math.floor(seconds);
  const units: [number, string][] = [
    [86_400, 'd'],
    [3_600, 'h'],
    [60, 'min'],
    [1, 's'],
  ];
  const index = units.findIndex(([size]) => wholeSeconds >= size);
  const [largest, largestLabel] = units[index]!;
  const [next, nextLabel] = units[index + 1]!;
  const first = Math.floor(wholeSeconds / largest);
  const second = Math.floor((wholeSeconds % largest) / next);
  return second === 0 ? `${first} ${largestLabel}` : `${first} ${largestLabel} ${second} ${nextLabel}`;
}

/** A share as a whole percentage, '78%'. Rounded to the nearest, as it is stated beside its counts. */
export function formatShare(share: number): string {
  return `${Math.round(share * 100)}%`;
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** 'pt' → 'Portuguese'; 'und' or nothing → 'Not recognised'. */
export function languageName(code: string | null): string {
  if (!code || code === 'und') return 'Not recognised';
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}
