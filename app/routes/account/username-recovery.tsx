import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { useLoaderData } from "@remix-run/react";
import { Intro } from "~/components/intro";
import { AccountReady } from "~/components/account-ready";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { screenIntro } from "~/server/shell/intro.server";
import { recoveryTexts } from "~/server/account/recovery.server";
import { registrationContext } from "~/server/registration/registration.server";
import { recentOutcome } from "~/server/registration/drafts.server";
import { getSession } from "~/server/infra/session.server";

/**
 * /account/forgot/username/recovery: the username the code recovered (kept in the session for ten
 * minutes). Without one, the agent starts at /account/forgot/username.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const outcome = recentOutcome(await getSession(request), "username-recovered");
  if (!outcome) throw redirect("/account/forgot/username");
  const { texts, locale } = await registrationContext(request);
  const intro = await screenIntro(new URL(request.url).pathname, locale);
  return { texts: recoveryTexts(texts), username: outcome.username, intro: intro?.html ?? null };
}

export default function UsernameRecovery() {
  const { texts, username, intro } = useLoaderData<typeof loader>();
  const t = translator(texts);
  return (
    <section className="panel panel--narrow" aria-labelledby="username-recovery-heading">
      <h1 id="username-recovery-heading">{t("usernameRecoveryTitle")}</h1>
      {intro ? <Intro html={intro} /> : null}
      <AccountReady t={t} username={username} />
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
