import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Facts } from "~/components/facts";
import { ActionQueuePanel } from "~/components/insights/action-queue";
import { WidgetsArea } from "~/components/widgets/widgets-area";
import { CURRENCY_MESSAGES } from "~/domain/currency";
import { loginPath } from "~/domain/redirect";
import { pageTitle } from "~/domain/titles";
import { WEATHER_MESSAGES, agentPlace, agentPlaceLabel, defaultUnit, type Unit } from "~/domain/weather";
import { updateProfileLocation } from "~/server/clients/api.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { forgetProfile, requireAgent } from "~/server/auth/auth.server";
import { converterWidget, type ConverterData } from "~/server/widgets/converter.server";
import { sessionStorage } from "~/server/infra/session.server";
import { weatherWidget, type WeatherWidgetData } from "~/server/clients/weather.server";
import { homeActionQueue } from "~/server/insights/action-queue.server";
import { readWidgetSettings } from "~/server/widgets/widget-settings.server";
import { authState } from "~/server/infra/auth-state.server";

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

export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
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
export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
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

export default function Home() {
  const agent = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <h1>Welcome, {agent.firstName}</h1>
      <section className="panel" aria-labelledby="agency-heading">
        <h2 id="agency-heading">Your agency</h2>
        <Facts
          items={[
            [
              "Agent",
              <>
                {agent.firstName} {agent.lastName}
              </>,
            ],
            ["Agency", agent.agencyName],
            ...(agent.agencyId ? ([["Agency ID", agent.agencyId]] as const) : []),
          ]}
        />
      </section>
      {agent.queue ? <ActionQueuePanel queue={agent.queue} /> : null}
      <WidgetsArea {...agent.widgets} locationError={actionData?.locationError ?? null} />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Home page") }];
