import { describe, expect, it } from "vitest";
import { deviceLabel, groupSignIns, summarizeUserAgent, UNKNOWN_PLACE } from "~/domain/sign-ins";

const UA = {
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  chromeIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
  chromeAndroidPhone:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  samsungTablet:
    "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36",
  safariIpad:
    "Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
  operaMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
  headlessLinux:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36",
};

describe("a User-Agent says which browser, system and kind of device signed in", () => {
  it.each([
    ["Chrome on Windows", UA.chromeWindows, "Chrome", "Windows", "Computer"],
    ["Edge, which also says Chrome", UA.edgeWindows, "Edge", "Windows", "Computer"],
    ["Safari on a Mac", UA.safariMac, "Safari", "macOS", "Computer"],
    ["Firefox on Linux", UA.firefoxLinux, "Firefox", "Linux", "Computer"],
    ["Safari on an iPhone", UA.safariIphone, "Safari", "iOS", "Phone"],
    ["Chrome on an iPhone (CriOS)", UA.chromeIphone, "Chrome", "iOS", "Phone"],
    ["Chrome on an Android phone (Mobile), not Linux", UA.chromeAndroidPhone, "Chrome", "Android", "Phone"],
    ["Samsung Internet on an Android tablet (no Mobile)", UA.samsungTablet, "Samsung Internet", "Android", "Tablet"],
    ["Safari on an iPad", UA.safariIpad, "Safari", "iPadOS", "Tablet"],
    ["Opera, which also says Chrome", UA.operaMac, "Opera", "macOS", "Computer"],
    ["headless Chrome (the test browser)", UA.headlessLinux, "Chrome", "Linux", "Computer"],
    ["an unknown browser on a known system", "SomeBot/1.0 (Windows NT 10.0)", null, "Windows", "Computer"],
    ["nothing at all", "", null, null, null],
    ["no User-Agent recorded (an older sign-in)", null, null, null, null],
  ])("%s", (_, ua, browser, system, device) => {
    expect(summarizeUserAgent(ua)).toEqual({ browser, system, device });
  });

  it.each([
    [UA.chromeWindows, "Chrome on Windows (computer)"],
    [UA.safariIphone, "Safari on iOS (phone)"],
    ["SomeBot/1.0 (Windows NT 10.0)", "A browser on Windows (computer)"],
    [null, "Unknown browser"],
  ])("is said in words: %s → %s", (ua, label) => {
    expect(deviceLabel(ua)).toBe(label);
  });
});

describe("repeated sign-ins from the same device and place are one group", () => {
  const at = (day: number, hour = 9) =>
    `2026-11-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:00:00.000Z`;
  const signIn = (id: string, day: number, ua: string | null, place: string | null, current = false) => ({
    signInId: id,
    createdAt: at(day),
    current,
    userAgent: ua,
    place,
  });

  it("counts them, keeps the latest time, lists them newest first", () => {
    const groups = groupSignIns([
      signIn("a", 20, UA.chromeWindows, "Miami, United States"),
      signIn("b", 24, UA.chromeWindows, "Miami, United States"),
      signIn("c", 22, UA.chromeWindows, "Miami, United States"),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      device: "Chrome on Windows (computer)",
      place: "Miami, United States",
      latestAt: at(24),
      current: false,
    });
    expect(groups[0]!.signIns.map((s) => s.signInId)).toEqual(["b", "c", "a"]);
  });

  it("keeps apart the same browser in another place, and another browser in the same place", () => {
    const groups = groupSignIns([
      signIn("a", 20, UA.chromeWindows, "Miami, United States"),
      signIn("b", 21, UA.chromeWindows, "Toronto, Canada"),
      signIn("c", 22, UA.safariIphone, "Miami, United States"),
    ]);
    expect(groups.map((g) => [g.device, g.place])).toEqual([
      ["Safari on iOS (phone)", "Miami, United States"],
      ["Chrome on Windows (computer)", "Toronto, Canada"],
      ["Chrome on Windows (computer)", "Miami, United States"],
    ]);
  });

  it("puts the group with this sign-in first, whatever its time, and marks it", () => {
    const groups = groupSignIns([
      signIn("old", 10, UA.firefoxLinux, "Local network", true),
      signIn("new", 25, UA.chromeWindows, "Miami, United States"),
    ]);
    expect(groups.map((g) => [g.signIns[0]!.signInId, g.current])).toEqual([
      ["old", true],
      ["new", false],
    ]);
  });

  it("groups sign-ins that recorded neither browser nor place (before they were kept) as one unknown row", () => {
    const groups = groupSignIns(Array.from({ length: 21 }, (_, i) => signIn(`s${i}`, 1 + i, null, null)));
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ device: "Unknown browser", place: UNKNOWN_PLACE });
    expect(groups[0]!.signIns).toHaveLength(21);
  });
});
