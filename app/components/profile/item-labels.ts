import { YEARS_IN_INDUSTRY } from "~/domain/registration";
import type { ItemsData } from "~/server/profile/items.server";
import type { MobileData } from "~/server/profile/mobile.server";

/** What an item's read-only view and fields need besides its value: the option lists, the mobile number's. */
export type Labels = ItemsData["labels"] & { mobile: MobileData | null };
export type Option = { value: string; label: string };

export const labelOf = (options: readonly Option[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;
export const YEARS_OPTIONS = YEARS_IN_INDUSTRY.map((value) => ({ value, label: `${value} years` }));
