import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import { ACCEPTANCE_FAILED_PARAM, ACCEPTANCE_NOT_SAVED } from "~/domain/legal";
import { useEffect, useRef } from "react";
import { LogoutForm } from "./shell/logout";

export type TermsDialogTexts = { title: string; body: string; read: string; accept: string };

/**
 * The terms gate (no acceptance of the terms of use stored, or one of an older version): drawn by
 * the server in place of the page, so the portal is not usable until the agent accepts, with
 * JavaScript or without. With JavaScript it becomes a modal dialog (focus kept inside). Accepting
 * is a plain form post.
 */
export function TermsDialog({ policyType, texts }: { policyType: string; texts: TermsDialogTexts }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const failed = searchParams.get(ACCEPTANCE_FAILED_PARAM) === "failed";
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog?.open && !dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
  }, []);
  return (
    <div className="terms-gate">
      <dialog
        ref={ref}
        open
        className="dialog dialog--terms"
        aria-labelledby="terms-title"
        aria-describedby="terms-body"
      >
        <h1 id="terms-title">{texts.title}</h1>
        <p id="terms-body">{texts.body}</p>
        {failed ? (
          <p role="alert" className="form-error">
            {ACCEPTANCE_NOT_SAVED}
          </p>
        ) : null}
        <p>
          <Link to="/terms-of-use">{texts.read}</Link>
        </p>
        <div className="actions">
          <Form method="post" action="/legal-acceptance">
            <input type="hidden" name="policyType" value={policyType} />
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button type="submit" className="button button--primary">
              {texts.accept}
            </button>
          </Form>
          <LogoutForm />
        </div>
      </dialog>
    </div>
  );
}
