import { data } from "@remix-run/node";
import { z } from "zod";
import { DISMISS_FAILED } from "~/domain/notifications";
import { safeRedirect } from "~/domain/redirect";
import { dismissNotification } from "~/server/clients/api.server";
import { forgetProfile, type Agent } from "~/server/auth/auth.server";
import { isDocumentRequest, resourceFailureOf, type WayBack } from "~/server/infra/resource-errors.server";
import { redirect } from "~/server/infra/responses.server";
import { sessionStorage } from "~/server/infra/session.server";
import { authState } from "~/server/infra/auth-state.server";

const DismissSchema = z.object({
  notificationId: z.string().trim().min(1).max(100),
  startDate: z.string().max(40).optional().default(""),
  endDate: z.string().max(40).optional().default(""),
});

/**
 * Sends the dismissal (POST /userProfile/dismissed-notification with the notification's start and
 * end), then forgets the cached profile so the next page reloads it. `back` is set to the page the
 * form was on as soon as the form is read, so a failure after that offers the way back to it.
 */
export async function dismissFromForm(request: Request, agent: Agent, back: WayBack) {
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
