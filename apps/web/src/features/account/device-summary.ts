/** What a session's user agent says about the device, in words a person recognises. */
export interface DeviceSummary {
  /** "Firefox on Windows", or whichever half is known, or "Unknown device". */
  label: string;
  isMobile: boolean;
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\bChrome\/|\bCriOS\/|\bHeadlessChrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
];

const systems: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(userAgent: string, table: [RegExp, string][]): string | null {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}

/** A short, readable summary of a user agent string: browser and operating system. */
export function describeDevice(userAgent: string | null | undefined): DeviceSummary {
  const agent = userAgent?.trim() ?? '';
  const browser = agent ? firstMatch(agent, browsers) : null;
  const system = agent ? firstMatch(agent, systems) : null;
  const label =
    browser && system
      ? `${browser} on ${system}`
      : (browser ?? (system ? `Browser on ${system}` : 'Unknown device'));
  const isMobile = /\bMobile\b|\biPhone\b|\biPad\b|\bAndroid\b/.test(agent);
  return { label, isMobile };
}
