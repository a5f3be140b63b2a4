import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Translate } from "~/domain/translate";
import { StepperText } from "./stepper-text";

/**
 * The end of a registration or recovery: what happened (announced), the username when this
 * browser knows it, and the way to sign in.
 */
export function AccountReady({
  t,
  username,
  children,
}: {
  t: Translate;
  username: string | null;
  children?: ReactNode;
}) {
  return (
    <>
      <div className="notice" role="status">
        {children}
        {username ? (
          <p>
            <StepperText text={t("usernameIs")} values={[username]} />
          </p>
        ) : null}
      </div>
      <p>
        <Link to="/login" className="button button--primary">
          {t("buttonSignIn")}
        </Link>
      </p>
    </>
  );
}
