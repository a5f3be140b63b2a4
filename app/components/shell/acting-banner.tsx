import { Form } from "@remix-run/react";
import type { Shell } from "~/server/shell/shell.server";

/**
 * While a super user acts for an agency: whom for, as whom, who is really signed in, and
 * the way back. A plain form post: it works without JavaScript.
 */
export function ActingBanner({ acting }: { acting: NonNullable<Shell["acting"]> }) {
  return (
    <section className="acting-banner" aria-label="Acting for an agency">
      <p>
        You are acting for <strong>{acting.agencyName}</strong> as {acting.asName}. Signed in as {acting.realName}.
      </p>
      <Form method="post" action="/super-user/stop" reloadDocument>
        <button type="submit" className="button button--small">
          Stop acting
        </button>
      </Form>
    </section>
  );
}
