import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Intro } from "~/components/intro";
import { LanguageSwitcher } from "~/components/language-switcher";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { requireAnonymous } from "~/server/auth.server";
import { dictionary, text } from "~/server/dictionary.server";
import { screenIntro } from "~/server/intro.server";
import { languageSwitch, pageLocale } from "~/server/infra/preferences.server";

/** Pages everyone may open; the rest of the public screens keep signed-in agents out. */
const OPEN_TO_ALL = new Set(["/travel-docs/html/preview"]);

/** A public screen that a later issue builds: heading and the content service's introduction. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  if (!OPEN_TO_ALL.has(pathname)) await requireAnonymous(request);
  const locale = await pageLocale(request);
  const [intro, texts, chosen] = await Promise.all([
    screenIntro(pathname, locale),
    dictionary("registration", locale),
    languageSwitch(request),
  ]);
  return {
    heading: intro?.title ?? screenHeading(pathname) ?? "Professional Portal",
    intro: intro?.html ?? null,
    // Only where choosing a language changes this page (the translation flag may keep it English).
    language: chosen
      ? {
          chosen,
          label: text(texts, "languageSwitcherLabel", "Language"),
          submit: text(texts, "languageSwitcherSubmit", "Change language"),
        }
      : null,
  };
}

export default function PublicScreen() {
  const { heading, intro, language } = useLoaderData<typeof loader>();
  return (
    <section className="panel" aria-labelledby="screen-heading">
      {language ? (
        <LanguageSwitcher current={language.chosen} label={language.label} submitLabel={language.submit} />
      ) : null}
      <h1 id="screen-heading">{heading}</h1>
      {intro ? <Intro html={intro} /> : null}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
