/** A browser and a system named from a user agent, for 'Appareils connectés' (decision 039). */
export interface DeviceName {
  browser: string;
  system: string;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdgA?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|Chrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * 'Chrome' on 'Android', 'Safari' on 'iPhone'…: the first known name of each list, in the order a
 * user agent is read (Edge and Opera say 'Chrome' too, every iPhone browser says 'Safari').
 * Null when neither is known (an app, a script): the screen says 'Appareil inconnu'.
 */
export function deviceName(userAgent: string | null | undefined): DeviceName | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return null;
  return { browser: browser ?? '?', system: system ?? '?' };
}
