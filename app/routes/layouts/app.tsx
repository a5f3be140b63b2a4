import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { errorPageName } from "~/components/error-boundary";
import { IdleDetector } from "~/components/idle-detector";
import { ActingBanner, ShellErrorPage, SignedInShell } from "~/components/app-shell";
import { MinimalFooter, MinimalHeader } from "~/components/shell";
import { TermsDialog } from "~/components/terms-dialog";
import { pageTitle } from "~/domain/titles";
import { requireAgent } from "~/server/auth.server";
import { dictionary, text } from "~/server/dictionary.server";
import { pendingPolicy } from "~/server/legal.server";
import { pageLocale } from "~/server/infra/preferences.server";
import { loadShellData } from "~/server/shell.server";

/** This layout's route id (its file), for its error boundary and the pages under it. */
export const APP_LAYOUT_ID = "routes/layouts/app";

/** Layout family 5: protected routes behind the auth guard, and the terms gate (section 4). */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  const locale = await pageLocale(request);
  const [pending, texts, shellData] = await Promise.all([
    pendingPolicy(agent),
    dictionary("application", locale),
    loadShellData(request, agent),
  ]);
  return {
    ...shellData,
    terms: pending
      ? {
          policyType: pending.policyType,
          texts: {
            title: text(texts, "termsModalTitle", "We've updated our Terms of Use"),
            body: text(texts, "termsModalBody", "Please read and accept the updated Terms of Use to continue."),
            read: text(texts, "readTerms", "Read the Terms of Use"),
            accept: text(texts, "acceptTerms", "Accept"),
          },
        }
      : null,
  };
}

/** Protected pages that draw the minimal shell (section 2: /welcome). */
const MINIMAL_SHELL = new Set(["/welcome"]);

export default function AppLayout() {
  const { shell, sidebarOpen, terms } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  if (terms || MINIMAL_SHELL.has(pathname)) {
    return (
      <>
        <MinimalHeader />
        {shell.acting ? <ActingBanner acting={shell.acting} /> : null}
        <main id="main" className="page page--narrow">
          {terms ? <TermsDialog policyType={terms.policyType} texts={terms.texts} /> : <Outlet />}
        </main>
        <MinimalFooter />
        <IdleDetector />
      </>
    );
  }
  return (
    <SignedInShell shell={shell} sidebarOpen={sidebarOpen}>
      <Outlet />
    </SignedInShell>
  );
}

export const meta: MetaFunction = ({ error }) => [{ title: error ? pageTitle(errorPageName(error)) : pageTitle() }];

/**
 * A page's error (an upstream 404 becomes "Page not found") shows inside the signed-in shell, which
 * this layout's loader drew. When that loader itself failed (no profile), there is no shell to draw:
 * the minimal one, with the message in the main region.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>(APP_LAYOUT_ID);
  const { pathname } = useLocation();
  const signedIn = layout && !layout.terms && !MINIMAL_SHELL.has(pathname) ? layout : null;
  return <ShellErrorPage error={error} signedIn={signedIn} />;
}
