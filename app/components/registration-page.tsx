import type { ReactNode } from "react";
import type { Locale } from "~/domain/language";
import type { Translate } from "~/domain/translate";
import { LanguageSwitcher } from "./language-switcher";

/** The frame of a registration page: the language switch, the heading, an optional lead. */
export function RegistrationPage({
  t,
  chosen,
  heading,
  lead,
  narrow = true,
  children,
}: {
  t: Translate;
  chosen: Locale;
  heading: string;
  lead?: ReactNode;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={narrow ? "panel panel--stepper" : "panel"} aria-labelledby="page-heading">
      <LanguageSwitcher current={chosen} label={t("languageSwitcherLabel")} submitLabel={t("languageSwitcherSubmit")} />
      <h1 id="page-heading">{heading}</h1>
      {lead ? <p className="lead">{lead}</p> : null}
      {children}
    </section>
  );
}
