import {
  parsePromotionSearch,
  type ParsedPromotionSearch,
  type PromotionContext,
} from "~/domain/catalogue/promotion-search";
import { isoDay } from "~/domain/dates";
import type { Agent } from "~/server/auth/auth.server";
import { catalogueReference, type CatalogueReference } from "~/server/clients/catalogue.server";
import { promotionReference } from "~/server/clients/promotions.server";
import { residencyWithRegions } from "~/server/reference/countries.server";
import { pageLocale } from "~/server/shell/preferences.server";
import { publicUrl } from "~/server/infra/request.server";
import { packOptions, type PackedOptions } from "~/domain/options-html";
import { shipOptions } from "~/server/catalogue/ship-options.server";

export type Option = { value: string; label: string };

/** Everything the offer search form offers. */
export type OfferSearchOptions = {
  offerNames: Option[];
  ships: PackedOptions;
  destinations: Option[];
  residencies: PackedOptions;
  today: string;
  lastSailDate: string;
};

export type PromotionSearchState = ParsedPromotionSearch & {
  options: OfferSearchOptions;
  catalogue: CatalogueReference;
};

/**
 * The offer search of this request's URL: the catalogue's reference (ships, destinations, the sail
 * window) and the promotions' (offer names, the regions offers name), both cached an hour.
 */
export async function promotionSearchState(request: Request, agent: Agent): Promise<PromotionSearchState> {
  const locale = await pageLocale(request);
  const [catalogue, promotions] = await Promise.all([catalogueReference(agent), promotionReference(agent)]);
  const residencies = residencyWithRegions(locale, promotions.regions);
  const context: PromotionContext = {
    today: isoDay(),
    offerNames: promotions.offerNames,
    ships: catalogue.ships,
    destinations: catalogue.destinations,
    residencies: new Set(residencies.map((r) => r.value)),
  };
  const parsed = parsePromotionSearch(new URL(request.url).searchParams, context);
  return {
    ...parsed,
    catalogue,
    options: {
      offerNames: promotions.offerNames.map((name) => ({ value: name, label: name })),
      ships: shipOptions(catalogue.ships),
      destinations: catalogue.destinations.map((d) => ({ value: d.code, label: d.name })),
      residencies: packOptions(residencies),
      today: context.today,
      lastSailDate: catalogue.window.to,
    },
  };
}

/** The page's own address, written at the top of its printout (a printed offer says where it lives). */
export function printAddress(request: Request): string {
  const url = new URL(request.url);
  return publicUrl(`${url.pathname}${url.search}`);
}
