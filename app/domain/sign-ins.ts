/**
 * The agent's sign-ins as a person tells them apart: the browser and device a User-Agent names (a
 * small rule, not a full parser: the browsers and systems agents use), and repeated sign-ins from the
 * same device and place grouped into one row with their count and latest time.
 */

export type DeviceKind = "Computer" | "Phone" | "Tablet";
export type UserAgentSummary = { browser: string | null; system: string | null; device: DeviceKind | null };

/** Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", Android also says "Linux". */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\/|\b(?:Headless)?Chrome\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bSafari\//, "Safari"],
];
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPad\b/, "iPadOS"],
  [/\biPhone\b|\biPod\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function summarizeUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  const ua = userAgent ?? "";
  if (!ua.trim()) return { browser: null, system: null, device: null };
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const device: DeviceKind | null =
    system === "iPadOS" || (system === "Android" && !/\bMobile\b/.test(ua)) || /\bTablet\b/.test(ua)
      ? "Tablet"
      : system === "iOS" || system === "Android" || /\bMobile\b/.test(ua)
        ? "Phone"
        : system
          ? "Computer"
          : null;
  return { browser, system, device };
}

/** "Chrome on Windows (computer)", "Safari on iOS (phone)", or "Unknown browser" when nothing is known. */
export function deviceLabel(userAgent: string | null | undefined): string {
  const { browser, system, device } = summarizeUserAgent(userAgent);
  if (!browser && !system) return "Unknown browser";
  const name = browser && system ? `${browser} on ${system}` : (browser ?? `A browser on ${system}`);
  return device ? `${name} (${device.toLowerCase()})` : name;
}

export const UNKNOWN_PLACE = "Unknown place";

export type SignInLike = {
  signInId: string;
  createdAt: string;
  current: boolean;
  userAgent: string | null;
  place: string | null;
};

export type SignInGroup<S extends SignInLike> = {
  key: string;
  device: string;
  place: string;
  /** Newest first. */
  signIns: S[];
  latestAt: string;
  /** The group holds this browser's own sign-in. */
  current: boolean;
};

/**
 * Sign-ins grouped by what a person can see of them (device and browser, place): one group per pair,
 * the group with this sign-in first, then the most recent; inside a group, newest first.
 */
export function groupSignIns<S extends SignInLike>(signIns: readonly S[]): SignInGroup<S>[] {
  const groups = new Map<string, SignInGroup<S>>();
  for (const signIn of signIns) {
    const device = deviceLabel(signIn.userAgent);
    const place = signIn.place?.trim() || UNKNOWN_PLACE;
    const key = `${device}\u0000${place}`;
    const group = groups.get(key) ?? { key, device, place, signIns: [], latestAt: signIn.createdAt, current: false };
    group.signIns.push(signIn);
    if (signIn.createdAt > group.latestAt) group.latestAt = signIn.createdAt;
    group.current ||= signIn.current;
    groups.set(key, group);
  }
  for (const group of groups.values()) group.signIns.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return [...groups.values()].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.latestAt.localeCompare(a.latestAt),
  );
}
