import type { ItemValue } from "~/domain/edit-items";
import { LANGUAGE_OPTIONS, phoneDisplay, type ProfileItemId } from "~/domain/profile-items";
import { Facts } from "~/components/facts";
import { labelOf, YEARS_OPTIONS, type Labels } from "~/components/profile/item-labels";

/** An item shut: its values as facts. */
export function ReadOnly({ id, value, labels }: { id: ProfileItemId; value: ItemValue; labels: Labels }) {
  const rows: Array<[string, string]> = (() => {
    switch (id) {
      case "name":
        return [
          ["First name", value.firstName ?? ""],
          ["Last name", value.lastName ?? ""],
        ];
      case "work":
        return [
          ["Job title", value.jobTitle || "Not given"],
          ["Years in the industry", value.yearsIndustry ? labelOf(YEARS_OPTIONS, value.yearsIndustry) : "Not given"],
          ["Home-based agent", value.homeBasedAgent === "true" ? "Yes" : "No"],
        ];
      case "specialities": {
        const specs = [value.specialization1, value.specialization2, value.specialization3].filter(Boolean);
        const regions = (value.regions ?? "").split(",").filter(Boolean);
        return [
          ["Specialisations", specs.map((s) => labelOf(labels.specializations, s!)).join(", ") || "None chosen"],
          ["Regions", regions.map((r) => labelOf(labels.regions, r)).join(", ") || "None chosen"],
        ];
      }
      case "clia":
        return [["CLIA number", value.cliaAgentId || "Not given"]];
      case "emails":
        return [
          ["Offers and news by e-mail", value.emailPreference === "true" ? "Yes" : "No"],
          ["Language of e-mails", labelOf(LANGUAGE_OPTIONS, value.espressoLanguage ?? "en_us")],
        ];
      case "mobile":
        return [
          [
            "Mobile number",
            // The server's grouping of the saved number; a number just typed, as the country list writes it.
            labels.mobile?.shown && labels.mobile.shown.mobilePhone === value.mobilePhone
              ? labels.mobile.shown.text
              : phoneDisplay(labels.mobile?.countries ?? [], value),
          ],
        ];
      case "texts":
        return [["Offers and news by text message", value.mobilePreference === "true" ? "Yes" : "No"]];
    }
  })();
  return <Facts items={rows} />;
}
