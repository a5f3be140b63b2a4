import { data, type ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { z } from "zod";
import { DISMISS_FAILED, ERROR_FETCHING_DATA } from "~/domain/notifications";
import { safeRedirect } from "~/domain/redirect";
import { dismissNotification } from "~/server/clients/api.server";
import { forgetProfile, requireAgent } from "~/server/auth/auth.server";
import {
  isDocumentRequest,
  resourceErrorOf,
  resourceFailureOf,
  type WayBack,
} from "~/server/infra/resource-errors.server";
import { sessionStorage } from "~/server/infra/session.server";
import { authState } from "~/server/infra/auth-state.server";

const DismissSchema = z.object({
  notificationId: z.string().trim().min(1).max(100),
  startDate: z.string().max(40).optional().default(""),
  endDate: z.string().max(40).optional().default(""),
});

/**
 * Dismissing sends the dismissal (POST /userProfile/dismissed-notification with the
 * notification's start and end), then reloads the profile. Without JavaScript the form posts here and
 * comes back to the page it was on; a failure ('Error fetching data') is the portal's error
 * page with the way back to that page. With JavaScript (a fetcher) a failure is the fetcher's data:
 * the notification shows again with the message in place, and the page stays.
 */
export async function action({ request }: ActionFunctionArgs) {
  // The page the form was on, once the guard has let the post in and it is read.
  const back: WayBack = { href: "/home", label: "Back to the page you were on" };
  try {
    return await dismiss(request, back);
  } catch (error) {
    const failure = resourceFailureOf(error);
    if (failure && !isDocumentRequest(request)) {
      return data({ error: `${ERROR_FETCHING_DATA}. ${failure.message}` }, { status: failure.status });
    }
    throw resourceErrorOf(request, error, back);
  }
}

async function dismiss(request: Request, back: WayBack) {
  const agent = await requireAgent(request);
  const { auth, session } = agent;
  const form = await request.formData().catch(() => new FormData());
  back.href = safeRedirect(form.get("redirectTo"), "/home");
  const parsed = DismissSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data({ message: "That notification cannot be dismissed." }, { status: 400 });
  try {
    await dismissNotification(agent, {
      notificationId: parsed.data.notificationId,
      startDate: parsed.data.startDate || null,
      endDate: parsed.data.endDate || null,
    });
  } catch (error) {
    // A session that cannot go on (signed out, acting ended) goes where the guard sends it.
    if (resourceFailureOf(error) === null) throw error;
    // 'Error fetching data': the notification stays.
    throw data({ message: DISMISS_FAILED }, { status: 503 });
  }
  forgetProfile(session);
  authState.write(session, auth);
  await sessionStorage.commitSession(session);
  if (isDocumentRequest(request)) return redirect(back.href);
  return { dismissed: parsed.data.notificationId };
}

export function loader() {
  return redirect("/home");
}
