import { useLocation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { translatesPage, type Locale } from "~/domain/language";
import type { Translate } from "~/domain/translate";
import { LanguageSwitcher } from "./language-switcher";

/** What the back-button layout's loader gives its pages (written here: no route module is imported). */
export type BackLayoutData = { translationRestricted: boolean };

/**
 * The frame of a registration page: the language switch, the heading, an optional lead. The switch
 * shows only where it changes the page: with the translation feature flag on, on the agent
 * registration routes alone. The flag comes from the registration pages' layout (layout family 3).
 */
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
  const { pathname } = useLocation();
  const restricted = useRouteLoaderData<BackLayoutData>("routes/layouts/back")?.translationRestricted ?? true;
  return (
    <section className={narrow ? "panel panel--stepper" : "panel"} aria-labelledby="page-heading">
      {translatesPage(pathname, restricted) ? (
        <LanguageSwitcher
          current={chosen}
          label={t("languageSwitcherLabel")}
          submitLabel={t("languageSwitcherSubmit")}
        />
      ) : null}
      <h1 id="page-heading">{heading}</h1>
      {lead ? <p className="lead">{lead}</p> : null}
      {children}
    </section>
  );
}
