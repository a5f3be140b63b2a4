import { BRANDS, CABIN_CLASSES, CABIN_CLASS_NAMES, brandName } from "~/domain/catalogue/codes";
import { FLEET_PATH, parseFleetFilters, resolveShip, shipPath, widenFleetHints } from "~/domain/catalogue/fleet";
import { displayDate } from "~/domain/dates";
import type { Agent } from "~/server/auth/auth.server";
import {
  catalogueReference,
  getShip,
  listShips,
  searchSailings,
  shipImage,
  type ShipSummary,
} from "~/server/clients/catalogue.server";
import { publicSvg } from "~/server/infra/public-svg.server";
import { redirect } from "~/server/infra/responses.server";
import { pageNotFound } from "~/server/infra/route-errors.server";
import { screenIntro } from "~/server/shell/intro.server";
import { pageLocale } from "~/server/shell/preferences.server";

/** The fleet pages' work (app/routes/fleet/*): the ship list and its filters, a ship's page, its picture. */

/**
 * /explore-our-fleet: every ship of the three brands, grouped by brand, filtered by brand, class and
 * destination. The catalogue applies the filters (listShips); the portal only checks them against
 * the reference first.
 */
export async function fleetPage(request: Request, agent: Agent) {
  const url = new URL(request.url);
  const locale = await pageLocale(request);
  // The introduction is a nicety: without it the list still shows.
  const [reference, intro] = await Promise.all([
    catalogueReference(agent),
    screenIntro(FLEET_PATH, locale).catch(() => null),
  ]);
  const { filters, notices } = parseFleetFilters(url.searchParams, reference);
  const ships = await listShips(agent, filters);
  const destinationName = reference.destinations.find((d) => d.code === filters.destination)?.name;
  return {
    intro: intro?.html ?? null,
    filters,
    notices,
    count: ships.length,
    groups: BRANDS.map((brand) => ({
      code: brand.code,
      name: brand.name,
      ships: ships.filter((s) => s.brand === brand.code).map(card),
    })).filter((group) => group.ships.length > 0),
    hints: ships.length === 0 ? widenFleetHints(filters, { destination: destinationName }) : [],
    options: {
      classes: BRANDS.map((brand) => ({
        brand: brand.name,
        names: reference.shipClasses.filter((c) => c.brand === brand.code).map((c) => c.name),
      })).filter((group) => group.names.length > 0),
      destinations: [...reference.destinations].sort((a, b) => a.name.localeCompare(b.name, "en")),
    },
  };
}

/** What a card shows of a ship. */
function card(ship: ShipSummary) {
  return {
    code: ship.code,
    name: ship.name,
    href: shipPath(ship.name),
    shipClass: ship.shipClass,
    yearBuilt: ship.yearBuilt,
    yearRefurbished: ship.yearRefurbished,
    guests: ship.guests,
    grossTonnage: ship.grossTonnage,
  };
}

/** How many of the ship's next sailings the page lists. */
const NEXT_SAILINGS = 6;

/**
 * /explore-our-fleet/:ship by its slug; its code (or the slug written another way) redirects to the
 * slug, anything else is not found. The next sailings are a widget: null when the catalogue cannot list them.
 */
export async function shipPage(agent: Agent, slug: string) {
  const reference = await catalogueReference(agent);
  const found = resolveShip(slug, reference.ships);
  if (!found) throw pageNotFound();
  if (!found.canonical) throw redirect(shipPath(found.ship.name));
  const code = found.ship.code;
  const query = new URLSearchParams({ ship: code, pageSize: String(NEXT_SAILINGS), sort: "date" });
  const [ship, sailings] = await Promise.all([getShip(agent, code), searchSailings(agent, query).catch(() => null)]);
  return {
    ship: {
      code: ship.code,
      name: ship.name,
      brand: ship.brand,
      brandName: brandName(ship.brand),
      description: ship.description,
      shipClass: ship.shipClass,
      yearBuilt: ship.yearBuilt,
      yearRefurbished: ship.yearRefurbished,
      grossTonnage: ship.grossTonnage,
      guests: ship.guests,
      crew: ship.crew,
      decks: ship.decks,
      lengthMetres: ship.lengthMetres,
      staterooms: CABIN_CLASSES.flatMap((cabinClass) => {
        const count = ship.staterooms.find((s) => s.cabinClass === cabinClass)?.count ?? 0;
        return count > 0 ? [{ cabinClass, name: CABIN_CLASS_NAMES[cabinClass], count }] : [];
      }),
      dining: ship.dining,
      activities: ship.activities,
      destinations: ship.destinations,
    },
    sailings: sailings
      ? {
          total: sailings.total,
          items: sailings.items.map((s) => ({
            sailingId: s.sailingId,
            sailDate: displayDate(s.sailDate),
            nights: s.nights,
            destination: s.destination.name,
            from: s.departurePort.name,
            to: s.returnPort.name,
          })),
        }
      : null,
    searchHref: `/itinerary/results?${new URLSearchParams({ ship: ship.code, brand: ship.brand })}`,
  };
}

/** /ship-images/:ship: a ship's picture, the catalogue's generated art (public, cacheable SVG). */
export const shipImageResponse = (code: string) => publicSvg(code, /^[A-Z]{2}$/, shipImage, "ship");
