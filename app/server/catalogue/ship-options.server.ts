import { BRANDS } from "~/domain/catalogue/codes";
import { packGroups, type PackedOptions } from "~/domain/options-html";

/** The ship select, shared by the catalogue searches and the insights lists. */

type Ship = { code: string; name: string; brand: string };
const shipLists = new WeakMap<readonly Ship[], PackedOptions>();

/** The ship select's choices: every ship, grouped by cruise line (kept while the cached fleet is the same). */
export function shipOptions(ships: readonly Ship[]): PackedOptions {
  let packed = shipLists.get(ships);
  if (packed === undefined) {
    packed = packGroups(
      BRANDS.map((brand) => ({
        label: brand.name,
        options: ships.filter((s) => s.brand === brand.code).map((s) => ({ value: s.code, label: s.name })),
      })),
    );
    shipLists.set(ships, packed);
  }
  return packed;
}
