import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Intro } from "~/components/intro";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth.server";
import { screenIntro } from "~/server/intro.server";
import { pageLocale } from "~/server/infra/preferences.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";

/**
 * A signed-in screen that a later issue builds: its heading and the content service's introduction,
 * behind the guards the finished screen will have (sign-in, the path's tools, the legacy visit).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  // The finished screens read their data here; an upstream 404 then shows "Page not found" in the shell.
  return withUpstreamErrors(async () => {
    const { pathname } = new URL(request.url);
    const intro = await screenIntro(pathname, await pageLocale(request));
    return { heading: screenHeading(pathname) ?? "Professional Portal", intro: intro?.html ?? null };
  });
}

export default function AgentScreen() {
  const { heading, intro } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="screen-heading">
      <h1 id="screen-heading">{heading}</h1>
      {intro ? <Intro html={intro} /> : null}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
