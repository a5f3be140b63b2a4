import { useFetcher, useLocation } from "@remix-run/react";
import type { Shell } from "~/server/shell/shell.server";
import { ChatLauncher } from "~/components/chat-launcher";
import { NavIcon } from "~/components/icons";
import { AccountMenu } from "./account-menu";
import { Avatar } from "./avatar";
import { ExtensionsDrawer } from "./extensions-drawer";
import { Logo } from "./logo";
import { LogoutForm } from "./logout";
import { NotificationsDrawer } from "./notifications";
import { WeatherDrawer } from "./weather-drawer";

/** The sidebar toggle is a form that sets a cookie (works without JavaScript); with it, no reload. */
function SidebarToggle({ open, onToggle, label }: { open: boolean; onToggle: () => void; label: string }) {
  const location = useLocation();
  const fetcher = useFetcher();
  return (
    <fetcher.Form
      method="post"
      action="/preferences/sidebar"
      onSubmit={(event) => {
        event.preventDefault();
        onToggle();
        fetcher.submit(
          { state: open ? "collapsed" : "open", redirectTo: location.pathname + location.search },
          { method: "post", action: "/preferences/sidebar" },
        );
      }}
    >
      <input type="hidden" name="state" value={open ? "collapsed" : "open"} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className="header__burger" aria-expanded={open} aria-controls="sidebar">
        <NavIcon name="list" size={22} />
        <span className="visually-hidden">{label}</span>
      </button>
    </fetcher.Form>
  );
}

export function AppHeader({
  shell,
  sidebarOpen,
  onToggleSidebar,
}: {
  shell: Shell;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}) {
  const { account, texts } = shell;
  return (
    <header className="header">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <div className="header__start">
        {/* No menu to open when the navigation could not be loaded: the button would name a missing element. */}
        {shell.sidebar ? <SidebarToggle open={sidebarOpen} onToggle={onToggleSidebar} label={texts.menu} /> : null}
        <Logo />
      </div>
      <div className="header__actions">
        {account.chat ? <ChatLauncher scriptUrl={account.chat.scriptUrl} /> : null}
        <ExtensionsDrawer shell={shell} />
        <NotificationsDrawer shell={shell} />
        <WeatherDrawer shell={shell} />
        <details className="drawer drawer--account">
          <summary className="header__summary">
            <Avatar photo={account.photo} initials={account.initials} size={32} />
            <span className="header__name">{account.name}</span>
            <span className="visually-hidden">: account menu</span>
          </summary>
          <AccountMenu shell={shell} />
        </details>
        <LogoutForm className="header__logout" />
      </div>
    </header>
  );
}
