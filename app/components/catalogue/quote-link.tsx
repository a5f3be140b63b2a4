import { analyticsAttributes } from "~/domain/analytics";
import { CABIN_CLASS_NAMES } from "~/domain/catalogue/codes";
import { describeParty } from "~/domain/catalogue/guests";
import { QUOTE_TOOL } from "~/domain/profile";
import { quoteSailingHref, type QuoteContext } from "~/domain/quote";

/**
 * "Quote this sailing": a plain link (it works without JavaScript) to the quote tool's single sign-on
 * address, as the sidebar's entry opens it; the server makes the tool's address with its token, never
 * the page. It says what the quote starts from, the stateroom class and the party: in a table's row
 * (`compact`) only to a screen reader, beside the sailing's name.
 */
export function QuoteLink({
  context,
  sailingName,
  compact = false,
  className = "button button--secondary",
}: {
  context: QuoteContext;
  /** What the sailing is called for a screen reader where several links share one label. */
  sailingName?: string;
  compact?: boolean;
  className?: string;
}) {
  const what = [context.cabinClass ? CABIN_CLASS_NAMES[context.cabinClass] : null, describeParty(context.party)]
    .filter(Boolean)
    .join(", ");
  return (
    <a
      href={quoteSailingHref(context)}
      className={className}
      {...analyticsAttributes({ name: "partner_tool_click", toolCode: QUOTE_TOOL })}
    >
      {compact ? "Quote" : "Quote this sailing"}
      {sailingName ? <span className="visually-hidden"> {sailingName}</span> : null}
      <span className={compact ? "visually-hidden" : undefined}> ({what})</span>
    </a>
  );
}
