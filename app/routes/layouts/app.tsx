import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { GeneralErrorBoundary, errorPageName } from "~/components/error-boundary";
import { IdleDetector } from "~/components/idle-detector";
import { AppShell } from "~/components/app-shell";
import { MinimalFooter, MinimalHeader } from "~/components/shell";
import { TermsDialog } from "~/components/terms-dialog";
import { pageTitle } from "~/domain/titles";
import { requireAgent } from "~/server/auth.server";
import { dictionary, text } from "~/server/dictionary.server";
import { pendingPolicy } from "~/server/legal.server";
import { pageLocale, sidebarOpen } from "~/server/infra/preferences.server";
import { loadShell } from "~/server/shell.server";

/** Layout family 5: protected routes behind the auth guard, and the terms gate (section 4). */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  const { profile } = agent;
  const locale = await pageLocale(request);
  const [pending, texts, shell, sidebar] = await Promise.all([
    pendingPolicy(agent),
    dictionary("application", locale),
    loadShell(profile, locale),
    sidebarOpen(request),
  ]);
  return {
    shell,
    sidebarOpen: sidebar,
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
        <main id="main" className="page page--narrow">
          {terms ? <TermsDialog policyType={terms.policyType} texts={terms.texts} /> : <Outlet />}
        </main>
        <MinimalFooter />
        <IdleDetector />
      </>
    );
  }
  return (
    <>
      <AppShell shell={shell} sidebarOpen={sidebarOpen}>
        <Outlet />
      </AppShell>
      <MinimalFooter />
      <IdleDetector />
    </>
  );
}

export const meta: MetaFunction = ({ error }) => [{ title: error ? pageTitle(errorPageName(error)) : pageTitle() }];

/** Without the profile the shell cannot be drawn: the minimal one, with the message in the main region. */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <>
      <MinimalHeader />
      <main id="main" className="page page--narrow">
        <GeneralErrorBoundary error={error} />
      </main>
      <MinimalFooter />
    </>
  );
}
