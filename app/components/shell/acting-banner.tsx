import { Form } from "@remix-run/react";
import { NavIcon } from "~/components/icons";
import type { Shell } from "~/server/shell/shell.server";

/**
 * While a super user acts for an agency: whom for, as whom, who is really signed in, and the way
 * back. Drawn unlike any service alert (dark, an icon, the words "acting for") and sticky under the
 * header, so it is never scrolled out of sight. A plain form post: it works without JavaScript.
 */
export function ActingBanner({ acting }: { acting: NonNullable<Shell["acting"]> }) {
  return (
    <section className="acting-banner" aria-label="Acting for an agency">
      <NavIcon name="acting" size={22} />
      <p className="acting-banner__text">
        <span className="acting-banner__who">
          You are acting for <strong>{acting.agencyName}</strong> as {acting.asName}.
        </span>{" "}
        <span className="acting-banner__real">Signed in as {acting.realName}.</span>
      </p>
      <Form method="post" action="/super-user/stop" reloadDocument>
        <button type="submit" className="button button--small acting-banner__stop">
          Stop acting
        </button>
      </Form>
    </section>
  );
}
