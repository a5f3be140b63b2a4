import { useEffect, useState } from "react";
import { analyticsAttributes } from "~/domain/analytics";
import { BRAND_NAMES } from "~/domain/navigation";
import type { Shell, SidebarEntry } from "~/server/shell/shell.server";
import { NavIcon } from "~/components/icons";

/**
 * The public gift link, where the navigation has it: a POST whose answer opens in a new tab. A
 * plain form with target="_blank", the same with JavaScript on or off; the portal's /gift-link adds the
 * gift service's fixed basic headers (their credentials never reach the browser).
 */
export function GiftLink({ entry }: { entry: SidebarEntry }) {
  return (
    <form method="post" action="/gift-link" target="_blank" className="sidebar__form">
      <button
        type="submit"
        className="sidebar__link sidebar__button"
        title={entry.label}
        {...analyticsAttributes({ name: "gift_link_click" })}
      >
        <NavIcon name={entry.icon} />
        <span className="sidebar__label">{entry.label}</span>
        <span className="visually-hidden"> (opens in a new tab)</span>
      </button>
    </form>
  );
}

/**
 * A partner tool: one brand opens it straight away; several (R or C, or all three) ask first in the
 * brand-choice modal, whose continue button stays disabled until a brand is chosen.
 */
export function PartnerLink({ entry, shell }: { entry: SidebarEntry; shell: Shell }) {
  const [brand, setBrand] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const label = (
    <>
      <NavIcon name={entry.icon} />
      <span className="sidebar__label">{entry.label}</span>
    </>
  );
  if (entry.brands.length <= 1) {
    return (
      <a
        className="sidebar__link"
        href={`/tools/${entry.toolCode}${entry.brands[0] ? `?brand=${entry.brands[0]}` : ""}`}
        title={entry.label}
        {...analyticsAttributes({ name: "partner_tool_click", toolCode: entry.toolCode, brand: entry.brands[0] })}
      >
        {label}
      </a>
    );
  }
  const titleId = `brand-${entry.id}`;
  return (
    <details className="sidebar__group">
      <summary className="sidebar__link" title={entry.label}>
        {label}
      </summary>
      <form method="get" action={`/tools/${entry.toolCode}`} className="brand-choice" aria-labelledby={titleId}>
        <p id={titleId} className="sidebar__help-title">
          {shell.texts.chooseBrand}
        </p>
        <fieldset>
          <legend>{shell.texts.chooseBrandBody}</legend>
          {entry.brands.map((code) => (
            <label key={code} className="brand-choice__option">
              <input type="radio" name="brand" value={code} required onChange={() => setBrand(code)} />{" "}
              {BRAND_NAMES[code] ?? code}
            </label>
          ))}
        </fieldset>
        <button
          type="submit"
          className="button button--primary"
          disabled={hydrated && brand === null}
          {...analyticsAttributes({ name: "partner_tool_click", toolCode: entry.toolCode, brand })}
        >
          Continue
        </button>
      </form>
    </details>
  );
}
