import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { recoveryTexts } from "~/server/account/recovery.server";
import { registrationContext } from "~/server/registration/registration.server";

/** /account/forgot: which was forgotten, the username or the password. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { texts } = await registrationContext(request);
  return { texts: recoveryTexts(texts) };
}

export default function Forgot() {
  const { texts } = useLoaderData<typeof loader>();
  const t = translator(texts);
  return (
    <section className="panel panel--narrow" aria-labelledby="forgot-heading">
      <h1 id="forgot-heading">{t("forgotTitle")}</h1>
      <p className="lead">{t("forgotSubtitle")}</p>
      <ul className="menu">
        <li>
          <Link to="/account/forgot/username">{t("forgotUsernameOption")}</Link>
        </li>
        <li>
          <Link to="/account/forgot/password">{t("forgotPasswordOption")}</Link>
        </li>
      </ul>
      <p>
        <Link to="/login">{t("backToLogin")}</Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
