import { data, type ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { ASKED_POLICIES, afterAcceptance, type PolicyType } from "~/domain/legal";
import { safeRedirect } from "~/domain/redirect";
import { requireAgent } from "~/server/auth/auth.server";
import { acceptPolicy } from "~/server/legal/legal.server";

/**
 * Accepting a policy (posted, then the cached acceptance refreshed): the version is read from the content service here, never taken from the form,
 * so a tampered post can only name a policy, and only one the portal asks for.
 */
export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request, { beforeLegacyVisit: true, terms: "exempt" });
  const form = await request.formData().catch(() => new FormData());
  const policyType = form.get("policyType");
  if (typeof policyType !== "string" || !(ASKED_POLICIES as string[]).includes(policyType)) {
    throw data({ message: "That policy cannot be accepted here." }, { status: 400 });
  }
  const back = safeRedirect(form.get("redirectTo"), "/home");
  // A failure goes back to the dialog, which says so: a plain page without JavaScript too.
  const saved = await acceptPolicy(agent, policyType as PolicyType).then(
    () => true,
    () => false,
  );
  return redirect(afterAcceptance(back, saved));
}

export function loader() {
  return redirect("/home");
}
