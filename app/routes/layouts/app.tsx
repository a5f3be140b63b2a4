import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { errorPageName } from "~/components/error-boundary";
import { IdleDetector } from "~/components/idle-detector";
import { ActingBanner } from "~/components/shell/acting-banner";
import { ShellErrorPage, SignedInShell, useRefusedActionShell } from "~/components/shell/signed-in-shell";
import { LayoutFrame } from "~/components/layout-frame";
import { MinimalHeader } from "~/components/shell/minimal-header";
import { TermsDialog } from "~/components/terms-dialog";
import { pageTitle } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { dictionary, text } from "~/server/shell/dictionary.server";
import { actingBanner } from "~/server/auth/acting.server";
import { pageLocale } from "~/server/shell/preferences.server";
import { loadShellData } from "~/server/shell/shell.server";

/** This layout's route id (its file), for its error boundary and the pages under it. */
export const APP_LAYOUT_ID = "routes/layouts/app";

/**
 * Layout family 5: protected routes behind the auth guard, and the terms gate (terms not yet accepted
 * in their current version). While a policy waits for acceptance the guard refuses every page's own
 * loader (403), and this layout loads nothing of the agent's but the dialog's texts and the acting
 * banner: the dialog is all they see.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request, { terms: "ask" });
  const locale = await pageLocale(request);
  if (agent.pendingTerms) {
    const texts = await dictionary("application", locale);
    return {
      terms: {
        policyType: agent.pendingTerms.policyType,
        texts: {
          title: text(texts, "termsModalTitle", "We've updated our Terms of Use"),
          body: text(texts, "termsModalBody", "Please read and accept the updated Terms of Use to continue."),
          read: text(texts, "readTerms", "Read the Terms of Use"),
          accept: text(texts, "acceptTerms", "Accept"),
        },
        acting: actingBanner(agent.auth),
      },
      signedIn: null,
    };
  }
  return { terms: null, signedIn: await loadShellData(request, agent) };
}

/** Protected pages that draw the minimal shell (/welcome uses it). */
const MINIMAL_SHELL = new Set(["/welcome"]);

export default function AppLayout() {
  const { signedIn, terms } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  if (terms) return <TermsGatePage terms={terms} />;
  if (!signedIn) return null;
  if (MINIMAL_SHELL.has(pathname)) {
    return (
      <MinimalProtectedShell acting={signedIn.shell.acting}>
        <Outlet />
      </MinimalProtectedShell>
    );
  }
  return (
    <SignedInShell shell={signedIn.shell} sidebarOpen={signedIn.sidebarOpen}>
      <Outlet />
    </SignedInShell>
  );
}

type PendingTerms = NonNullable<SerializeFrom<typeof loader>["terms"]>;

/** A protected page in the minimal shell: the acting banner under the header, and the idle check. */
function MinimalProtectedShell({ acting, children }: { acting: PendingTerms["acting"]; children: ReactNode }) {
  return (
    <>
      <LayoutFrame
        header={
          <>
            <MinimalHeader />
            {acting ? <ActingBanner acting={acting} /> : null}
          </>
        }
      >
        {children}
      </LayoutFrame>
      <IdleDetector />
    </>
  );
}

/** The terms dialog in the minimal shell, in place of whichever page was asked for. */
function TermsGatePage({ terms }: { terms: PendingTerms }) {
  return (
    <MinimalProtectedShell acting={terms.acting}>
      <TermsDialog policyType={terms.policyType} texts={terms.texts} />
    </MinimalProtectedShell>
  );
}

export const meta: MetaFunction = ({ error }) => [{ title: error ? pageTitle(errorPageName(error)) : pageTitle() }];

/**
 * A page's error (an upstream 404 becomes "Page not found") shows inside the signed-in shell, which
 * this layout's loader drew, or for a refused action (this loader did not run) the root loaded. While the terms wait, the page was refused by the gate: the dialog, as
 * the layout itself draws it. When that loader itself failed (no profile), there is no shell to draw:
 * the minimal one, with the message in the main region.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>(APP_LAYOUT_ID);
  const refusedShell = useRefusedActionShell();
  const { pathname } = useLocation();
  if (layout?.terms) return <TermsGatePage terms={layout.terms} />;
  const signedIn = MINIMAL_SHELL.has(pathname) ? null : (layout?.signedIn ?? refusedShell);
  return <ShellErrorPage error={error} signedIn={signedIn} />;
}
