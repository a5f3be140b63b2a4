import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { TagManager, useLinkAnalytics } from "~/components/analytics";
import { GeneralErrorBoundary, errorPageName } from "~/components/error-boundary";
import { pageTitle } from "~/domain/titles";
import { useNonce } from "~/components/nonce";
import { RouteFocus } from "~/components/route-focus";
import { DEFAULT_LOCALE, HTML_LANG } from "~/domain/language";
import { legacyTokenRedirect } from "~/server/auth/auth.server";
import { loadFooter } from "~/server/shell/footer.server";
import { pageLocale } from "~/server/shell/preferences.server";
import { refusedActionShell } from "~/server/shell/shell.server";
import { env } from "~/server/infra/env.server";
import { getSession } from "~/server/infra/session.server";
import stylesheet from "~/styles/app.css?url";

/** The default title; routes name their page, and an error names itself. */
export const meta: MetaFunction = ({ error }) => [{ title: error ? pageTitle(errorPageName(error)) : pageTitle() }];

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "data:," },
];

export async function loader({ request }: LoaderFunctionArgs) {
  // A legacy token may arrive on any page (query parameter z).
  const legacy = legacyTokenRedirect(request);
  if (legacy) throw await legacy;
  const locale = await pageLocale(request);
  // The footer only needs to know whether someone is signed in, not who: no upstream call here.
  const signedIn = Boolean((await getSession(request)).get("auth"));
  // GTM_ID is one of the public values the browser may see (the tag manager's container id).
  // A posted action refused for the caller's role, tools or branch: its 403 page's signed-in shell.
  const refusedShell = signedIn ? await refusedActionShell(request) : null;
  return { locale, footer: await loadFooter(locale, signedIn), gtmId: env.GTM_ID ?? null, refusedShell };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang={HTML_LANG[root?.locale ?? DEFAULT_LOCALE]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {root?.gtmId ? <TagManager gtmId={root.gtmId} nonce={nonce} /> : null}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Analytics link events: one delegated listener records the tracked links' events in window.dataLayer.
  useLinkAnalytics();
  // Marks the document once React has taken it over (parents' effects run after their children's),
  // so a script or test knows when client-side behaviour is live.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <RouteFocus>
      <Outlet />
    </RouteFocus>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <main id="main" className="page page--narrow">
      <GeneralErrorBoundary error={error} />
    </main>
  );
}
