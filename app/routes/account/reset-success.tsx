import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccountReady } from "~/components/account-ready";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { recoveryTexts } from "~/server/account/recovery.server";
import { registrationContext } from "~/server/registration/registration.server";
import { recentOutcome } from "~/server/registration/drafts.server";
import { getSession } from "~/server/infra/session.server";

/**
 * /account/forgot/password/reset-success: the password was changed; sign in with it. The username
 * is shown when this browser just reset it (the outcome kept in the session for ten minutes).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [{ texts }, session] = await Promise.all([registrationContext(request), getSession(request)]);
  const username = recentOutcome(session, "password-reset")?.username ?? null;
  return { texts: recoveryTexts(texts), username };
}

export default function ResetSuccess() {
  const { texts, username } = useLoaderData<typeof loader>();
  const t = translator(texts);
  return (
    <section className="panel panel--narrow" aria-labelledby="reset-success-heading">
      <h1 id="reset-success-heading">{t("resetSuccessTitle")}</h1>
      <AccountReady t={t} username={username}>
        <p>{t("resetSuccessBody")}</p>
      </AccountReady>
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
