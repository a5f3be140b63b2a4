import { data, type ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { z } from "zod";
import { requireAgent } from "~/server/auth/auth.server";
import { assertAcceptablePost } from "~/server/infra/request.server";
import { saveWidgetSettings } from "~/server/widgets/widget-settings.server";

/**
 * The widgets' settings (weather and currency converter) and the temperature unit: plain form posts that set
 * the `pp_widgets` cookie and go back to /home (post/redirect/get), so they work without JavaScript.
 * A switch that is off is simply absent from the form.
 */
const SettingsForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("settings"),
    weather: z.literal("on").optional(),
    currencyConverter: z.literal("on").optional(),
  }),
  z.object({ intent: z.literal("unit"), unit: z.enum(["m", "f"]) }),
]);

export async function action({ request }: ActionFunctionArgs) {
  const { profile } = await requireAgent(request);
  assertAcceptablePost(request);
  const form = await request.formData().catch(() => new FormData());
  const parsed = SettingsForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data({ message: "Those widget settings could not be read." }, { status: 400 });
  const change =
    parsed.data.intent === "unit"
      ? { unit: parsed.data.unit }
      : { weather: parsed.data.weather === "on", currencyConverter: parsed.data.currencyConverter === "on" };
  const cookie = await saveWidgetSettings(request, profile.loginUserName, change);
  return redirect("/home", { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/home");
}
