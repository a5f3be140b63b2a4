import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { ShellErrorPage, SignedInShell, useRefusedActionShell } from "~/components/shell/signed-in-shell";
import { LayoutFrame } from "~/components/layout-frame";
import { optionalAgent } from "~/server/auth/auth.server";
import { loadShellData } from "~/server/shell/shell.server";

export const CONDITIONAL_LAYOUT_ID = "routes/layouts/conditional";

/**
 * Layout family 4: the signed-in shell (the same one as layout family 5: header with its drawers,
 * sidebar, alert bar) when the visitor is signed in and has accepted the terms, otherwise the minimal
 * shell. The page itself is open to everyone; the terms dialog never covers it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await optionalAgent(request);
  if (!agent) return { signedIn: null };
  if (agent.pendingTerms) return { signedIn: null };
  return { signedIn: await loadShellData(request, agent) };
}

export default function ConditionalLayout() {
  const { signedIn } = useLoaderData<typeof loader>();
  if (signedIn) {
    return (
      <SignedInShell shell={signedIn.shell} sidebarOpen={signedIn.sidebarOpen}>
        <Outlet />
      </SignedInShell>
    );
  }
  return (
    <LayoutFrame>
      <Outlet />
    </LayoutFrame>
  );
}

/** A page's error keeps whichever shell this layout drew (a refused action's, the root's: app.tsx). */
export function ErrorBoundary() {
  const error = useRouteError();
  const refusedShell = useRefusedActionShell();
  const signedIn = useRouteLoaderData<typeof loader>(CONDITIONAL_LAYOUT_ID)?.signedIn ?? refusedShell;
  return <ShellErrorPage error={error} signedIn={signedIn} />;
}
