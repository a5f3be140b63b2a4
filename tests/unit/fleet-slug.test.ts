import { describe, expect, it } from "vitest";
import { resolveShip, shipPath, shipSlug } from "~/domain/catalogue/fleet";

describe("a ship's address is its name lower-cased, other characters a hyphen", () => {
  it.each([
    ["Symphony of the Seas", "symphony-of-the-seas"],
    ["Oasis of the Seas", "oasis-of-the-seas"],
    ["Celebrity Edge", "celebrity-edge"],
    ["Silver Ray", "silver-ray"],
    ["Silver Dawn II", "silver-dawn-ii"],
    ["  Celebrity  Beyond ", "celebrity-beyond"],
    ["Ship's Name & Co.", "ship-s-name-co"],
    ["Señorita del Mar", "senorita-del-mar"],
    ["Legend 2000", "legend-2000"],
    ["---", ""],
  ])("%s → %s", (name, slug) => {
    expect(shipSlug(name)).toBe(slug);
  });

  it("builds the page's path", () => {
    expect(shipPath("Symphony of the Seas")).toBe("/explore-our-fleet/symphony-of-the-seas");
  });
});

describe("which ship an address names", () => {
  const ships = [
    { code: "SY", name: "Symphony of the Seas" },
    { code: "OA", name: "Oasis of the Seas" },
    { code: "EG", name: "Celebrity Edge" },
  ];

  it.each([
    // segment, ship code, canonical (else the page redirects to the slug)
    ["symphony-of-the-seas", "SY", true],
    ["celebrity-edge", "EG", true],
    ["SY", "SY", false],
    ["oa", "OA", false],
    ["Symphony-Of-The-Seas", "SY", false],
    ["symphony_of_the_seas", "SY", false],
    ["symphony-of-the-seas-", "SY", false],
  ])("%s → %s (canonical: %s)", (segment, code, canonical) => {
    expect(resolveShip(segment, ships)).toEqual({ ship: ships.find((s) => s.code === code), canonical });
  });

  it.each([["no-such-ship"], ["XX"], [""], ["S"], ["SYM"], ["%%%"], ["symphony"]])("%s → no ship", (segment) => {
    expect(resolveShip(segment, ships)).toBeNull();
  });
});
