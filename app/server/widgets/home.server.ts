import { data } from "@remix-run/node";
import { z } from "zod";
import { CURRENCY_MESSAGES } from "~/domain/currency";
import { loginPath } from "~/domain/redirect";
import { WEATHER_MESSAGES, agentPlace, agentPlaceLabel, defaultUnit, type Unit } from "~/domain/weather";
import { forgetProfile, type Agent } from "~/server/auth/auth.server";
import { updateProfileLocation } from "~/server/clients/api.server";
import { weatherWidget, type WeatherWidgetData } from "~/server/clients/weather.server";
import { authState } from "~/server/infra/auth-state.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { redirect } from "~/server/infra/responses.server";
import { sessionStorage } from "~/server/infra/session.server";
import { homeActionQueue } from "~/server/insights/action-queue.server";
import { converterWidget, type ConverterData } from "~/server/widgets/converter.server";
import { readWidgetSettings } from "~/server/widgets/widget-settings.server";

/** /home's work (app/routes/home): the agency, the action queue and the widgets; the weather's location. */

/** The place chosen in the Change Location results (hidden fields of a plain form). */
const SetLocationSchema = z.object({
  intent: z.literal("set-location"),
  name: z.string().trim().min(1).max(100),
  region: z.string().trim().max(100).default(""),
  country: z.string().trim().max(100).default(""),
  lat: z
    .string()
    .trim()
    .regex(/^-?\d{1,3}(\.\d+)?$/),
  lon: z
    .string()
    .trim()
    .regex(/^-?\d{1,3}(\.\d+)?$/),
});

export const LOCATION_NOT_SAVED = "Your location could not be saved. Please try again in a moment.";

/**
 * The page: the agent and agency, the insights action queue, and each widget read on its own (none
 * while the agent customises them; `?forecast=1` and `?location-query=` are the weather's no-JavaScript states).
 */
export async function homePage(request: Request, agent: Agent) {
  const { profile } = agent;
  const url = new URL(request.url);
  const settings = await readWidgetSettings(request, profile.loginUserName);
  const editing = url.searchParams.get("customize") === "1";
  const unit: Unit = settings.unit ?? defaultUnit(profile.countryCode);

  // Each widget is read on its own and can only fail into its own message: the page
  // and the other widget always render.
  const [queue, weather, converter] = await Promise.all([
    homeActionQueue(agent),
    !editing && settings.weather
      ? weatherWidget(profile, unit, {
          forecast: url.searchParams.get("forecast") === "1",
          query: url.searchParams.get("location-query"),
        }).catch((): WeatherWidgetData => ({
          place: agentPlaceLabel(agentPlace(profile.locationData)),
          unit,
          location: "",
          current: null,
          message: WEATHER_MESSAGES.failed,
          forecast: null,
          search: null,
        }))
      : null,
    !editing && settings.currencyConverter
      ? converterWidget(profile, url.searchParams).catch((): ConverterData => ({
          ok: false,
          message: CURRENCY_MESSAGES.failed,
        }))
      : null,
  ]);

  return {
    firstName: profile.agentFirstName || profile.loginUserName,
    lastName: profile.agentLastName,
    agencyName: profile.agencyName,
    agencyId: profile.agencyId ?? null,
    queue,
    widgets: {
      editing,
      settings: { weather: settings.weather, currencyConverter: settings.currencyConverter },
      weather,
      converter,
    },
  };
}

/** intent "set-location": PUT /userProfile/location, then the profile is read again. */
export async function setWeatherLocation(request: Request, agent: Agent) {
  const { auth, session } = agent;
  const form = await request.formData().catch(() => new FormData());
  const parsed = SetLocationSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ locationError: "Choose a location from the search results." }, { status: 400 });
  const { name, region, country, lat, lon } = parsed.data;
  try {
    await updateProfileLocation(agent, { name, region, country, lat, long: lon });
  } catch (error) {
    if (error instanceof SignedOutError) {
      throw redirect(loginPath("/home"), { headers: { "Set-Cookie": await sessionStorage.destroySession(session) } });
    }
    return data({ locationError: LOCATION_NOT_SAVED }, { status: 502 });
  }
  // The new locationData shows at once; a refreshed token is kept.
  forgetProfile(session);
  authState.write(session, auth);
  return redirect("/home", { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } });
}
