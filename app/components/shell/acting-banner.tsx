import { Form } from "@remix-run/react";
import { NavIcon } from "~/components/icons";
import type { Shell } from "~/server/shell/shell.server";

/**
 * While a super user acts for an agency: whom for, as whom, who is really signed in, and the way
 * back. Drawn unlike any service alert (dark, an icon, the words "acting for") and sticky under the
 * header, so it is never scrolled out of sight. A plain form post: it works without JavaScript.
 *
 * On a phone it is one line, "Acting for <agency>" and the way back: the rest of the sentence ("You
 * are", "as <name>", "Signed in as <name>") stays in the page for screen readers and is only hidden
 * from sight (`acting-banner__wide`), and the whole sentence is the text's title. The button reads "Stop"
 * there; its name stays "Stop acting".
 */
export function ActingBanner({ acting }: { acting: NonNullable<Shell["acting"]> }) {
  const sentence = `You are acting for ${acting.agencyName} as ${acting.asName}. Signed in as ${acting.realName}.`;
  return (
    <section className="acting-banner" aria-label="Acting for an agency">
      <NavIcon name="acting" size={22} />
      <p className="acting-banner__text" title={sentence}>
        <span className="acting-banner__who">
          <span className="acting-banner__wide">You are </span>
          <span className="acting-banner__verb">acting</span> for <strong>{acting.agencyName}</strong>
          <span className="acting-banner__wide"> as {acting.asName}.</span>
        </span>{" "}
        <span className="acting-banner__real acting-banner__wide">Signed in as {acting.realName}.</span>
      </p>
      <Form method="post" action="/super-user/stop" reloadDocument>
        <button type="submit" className="button button--small acting-banner__stop">
          Stop<span className="acting-banner__wide"> acting</span>
        </button>
      </Form>
    </section>
  );
}
