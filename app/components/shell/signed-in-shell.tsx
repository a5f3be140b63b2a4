import { useEffect, useState, type ReactNode } from "react";
import { useRouteLoaderData } from "@remix-run/react";
import type { Shell, ShellData } from "~/server/shell/shell.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { IdleDetector } from "~/components/idle-detector";
import { FramedError } from "~/components/layout-frame";
import { ActingBanner } from "./acting-banner";
import { AlertBar } from "./alert-bar";
import { MinimalFooter } from "./footer";
import { AppHeader } from "./header";
import { Sidebar } from "./sidebar";

/**
 * The whole signed-in frame, as every layout that draws it uses it (the app and conditional layouts,
 * and their error boundaries): the shell, the footer and the idle detector around the page.
 */
export function SignedInShell({
  shell,
  sidebarOpen,
  children,
}: {
  shell: Shell;
  sidebarOpen: boolean | null;
  children: ReactNode;
}) {
  return (
    <>
      <AppShell shell={shell} sidebarOpen={sidebarOpen}>
        {children}
      </AppShell>
      <IdleDetector />
    </>
  );
}

/**
 * A page's error inside the shell its layout drew (decision 018): the signed-in shell when the
 * layout's own data is there, else the minimal header and footer.
 */
export function ShellErrorPage({
  error,
  signedIn,
}: {
  error: unknown;
  signedIn: { shell: Shell; sidebarOpen: boolean | null } | null;
}) {
  if (signedIn) {
    return (
      <SignedInShell shell={signedIn.shell} sidebarOpen={signedIn.sidebarOpen}>
        <GeneralErrorBoundary error={error} />
      </SignedInShell>
    );
  }
  return <FramedError error={error} />;
}

/**
 * The signed-in shell the root loaded for a refused action's 403 page (shell.server's
 * `refusedActionShell`), for a layout whose own loader did not run below the action's error.
 */
export function useRefusedActionShell(): { shell: Shell; sidebarOpen: boolean | null } | null {
  return useRouteLoaderData<{ refusedShell: ShellData | null }>("root")?.refusedShell ?? null;
}

/**
 * `sidebarOpen` is the agent's choice, or null before they made one: then the sidebar is open on
 * wide screens and closed on small ones (CSS does it without JavaScript).
 */
export function AppShell({
  shell,
  sidebarOpen,
  children,
}: {
  shell: Shell;
  sidebarOpen: boolean | null;
  children: ReactNode;
}) {
  const [open, setOpen] = useState<boolean | null>(sidebarOpen);
  useEffect(() => {
    setOpen(sidebarOpen ?? (window.matchMedia("(max-width: 799px)").matches ? false : null));
  }, [sidebarOpen]);
  const state = open === null ? "app--sidebar-default" : open ? "app--sidebar-open" : "app--sidebar-collapsed";
  return (
    <div className={`app ${state}`}>
      <AppHeader shell={shell} sidebarOpen={open ?? true} onToggleSidebar={() => setOpen((o) => !(o ?? true))} />
      {/* After the header, so "Skip to main content" stays the first stop of the keyboard. */}
      {shell.acting ? <ActingBanner acting={shell.acting} /> : null}
      <div className="app__body">
        {shell.sidebar ? (
          <Sidebar entries={shell.sidebar} shell={shell} open={open ?? true} onClose={() => setOpen(false)} />
        ) : null}
        <div className="app__content">
          <AlertBar alerts={shell.alerts} counterTemplate={shell.texts.alertCounter} />
          <main id="main" className="page">
            {children}
          </main>
          {/* In the content column, so the sticky sidebar stays under the header to the page's end. */}
          <MinimalFooter />
        </div>
      </div>
    </div>
  );
}
