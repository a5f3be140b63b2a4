import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { RegistrationPage } from "~/components/registration-page";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { requireAnonymous } from "~/server/auth/auth.server";
import { agencyDraft } from "~/server/registration/drafts.server";
import { registrationContext } from "~/server/registration/registration.server";

/** /register-agency/welcome: the e-mail is verified; the sales agreement (step 4) finishes it. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const [context, { draft }] = await Promise.all([registrationContext(request), agencyDraft(request)]);
  return { texts: context.texts, chosen: context.chosen, canContinue: !!draft?.linkSentTo };
}

export default function AgencyWelcome() {
  const { texts, chosen, canContinue } = useLoaderData<typeof loader>();
  const t = translator(texts);
  return (
    <RegistrationPage t={t} chosen={chosen} heading={t("agencyWelcomeTitle")}>
      <p>{t("agencyWelcomeBody")}</p>
      {canContinue ? (
        <p>
          <Link to="/register-agency/stepper?step=4" className="button button--primary">
            {t("buttonContinue")}
          </Link>
        </p>
      ) : (
        <p>{t("agencyContinueElsewhere")}</p>
      )}
    </RegistrationPage>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
