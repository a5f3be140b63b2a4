import { data, type ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { z } from "zod";
import { safeRedirect } from "~/domain/redirect";
import { dismissNotification } from "~/server/clients/api.server";
import { forgetProfile, requireAgent } from "~/server/auth.server";
import { sessionStorage } from "~/server/infra/session.server";

const DismissSchema = z.object({
  notificationId: z.string().trim().min(1).max(100),
  startDate: z.string().max(40).optional().default(""),
  endDate: z.string().max(40).optional().default(""),
});

/**
 * Section 4: dismissing sends the dismissal (POST /userProfile/dismissed-notification with the
 * notification's start and end), then reloads the profile.
 */
export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  const { auth, session } = agent;
  const form = await request.formData().catch(() => new FormData());
  const parsed = DismissSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data({ message: "That notification cannot be dismissed." }, { status: 400 });
  try {
    await dismissNotification(agent, {
      notificationId: parsed.data.notificationId,
      startDate: parsed.data.startDate || null,
      endDate: parsed.data.endDate || null,
    });
  } catch {
    // 'Error fetching data' (section 8): the notification stays; the page says so.
    throw data({ message: "The notification could not be dismissed. Please try again." }, { status: 503 });
  }
  forgetProfile(session);
  session.set("auth", auth);
  await sessionStorage.commitSession(session);
  if (request.headers.get("accept")?.includes("text/html")) {
    return redirect(safeRedirect(form.get("redirectTo"), "/home"));
  }
  return { dismissed: parsed.data.notificationId };
}

export function loader() {
  return redirect("/home");
}
