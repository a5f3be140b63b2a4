import { Form, useFetcher, useLocation, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { fill } from "~/domain/alerts";
import { analyticsAttributes } from "~/domain/analytics";
import { BRAND_NAMES } from "~/domain/navigation";
import type { Shell, SidebarEntry } from "~/server/shell.server";
import { ChatLauncher } from "./chat-launcher";
import { NavIcon } from "./icons";
import { IdleDetector } from "./idle-detector";
import { GeneralErrorBoundary } from "./error-boundary";
import { FramedError } from "./layout-frame";
import { announceLogout, Logo, LogoutForm, MinimalFooter } from "./shell";
import { useAnnounce } from "./route-focus";
import { WeatherIcon } from "./widgets/weather-icon";
import { WeatherFacts } from "./widgets/weather-facts";

/**
 * The whole signed-in frame, as every layout that draws it uses it (layout families 4 and 5, and
 * their error boundaries): the shell, the footer and the idle detector around the page.
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

/**
 * While a super user acts for an agency (issue 14): whom for, as whom, who is really signed in, and
 * the way back. A plain form post: it works without JavaScript.
 */
export function ActingBanner({ acting }: { acting: NonNullable<Shell["acting"]> }) {
  return (
    <section className="acting-banner" aria-label="Acting for an agency">
      <p>
        You are acting for <strong>{acting.agencyName}</strong> as {acting.asName}. Signed in as {acting.realName}.
      </p>
      <Form method="post" action="/super-user/stop" reloadDocument>
        <button type="submit" className="button button--small">
          Stop acting
        </button>
      </Form>
    </section>
  );
}

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

function AppHeader({
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

/**
 * The agent's photo (AGENT_HOMEPAGE_PHOTO, issue 14), else their initials. Always beside the name, so
 * it is decorative: an empty alt, the initials hidden from assistive technology.
 */
function Avatar({ photo, initials, size }: { photo: string | null; initials: string; size: 32 | 56 }) {
  const large = size === 56 ? " avatar--large" : "";
  return photo ? (
    <img src={photo} alt="" width={size} height={size} className={`avatar${large}`} />
  ) : (
    <span className={`avatar avatar--initials${large}`} aria-hidden="true">
      {initials}
    </span>
  );
}

/** Section 2 account menu: photo, name, e-mail, agency, and the links each role sees. */
function AccountMenu({ shell }: { shell: Shell }) {
  const { account, texts } = shell;
  return (
    <div className="drawer__panel" role="group" aria-label="Account">
      <div className="account">
        <Avatar photo={account.photo} initials={account.initials} size={56} />
        <div>
          <p className="account__name">{account.name}</p>
          <p className="account__detail">{account.email}</p>
          <p className="account__detail">{account.agencyName}</p>
        </div>
      </div>
      <ul className="menu">
        <li>
          <Link to="/profile/info">{texts.yourProfile}</Link>
        </li>
        {account.agentManagement ? (
          <li>
            <Link to="/user-management">{texts.agentManagement}</Link>
          </li>
        ) : null}
        {account.superUser ? (
          <li>
            <Link to="/super-user">{texts.superUserLogIn}</Link>
          </li>
        ) : null}
        <li>
          <Form method="post" action="/logout" onSubmit={announceLogout}>
            <button type="submit" className="button--link menu__button">
              {texts.logOut}
            </button>
          </Form>
        </li>
      </ul>
    </div>
  );
}

/**
 * The bell's name is its text: "Notifications" (visually hidden) and the count the badge shows, so
 * what is seen is what a voice user says and a screen reader hears (WCAG 2.5.3).
 */
function NotificationsDrawer({ shell }: { shell: Shell }) {
  const count = shell.notifications.length;
  return (
    <details className="drawer drawer--notifications">
      <summary className="header__summary">
        <NavIcon name="bell" size={22} />
        <span className="visually-hidden">{shell.texts.notifications}</span>
        {count > 0 ? <span className="badge">{count}</span> : null}
      </summary>
      <div className="drawer__panel">
        <h2 className="drawer__title">{shell.texts.notifications}</h2>
        <NotificationList shell={shell} />
      </div>
    </details>
  );
}

/**
 * Section 2 header, extensions drawer: the partner tools the agent may open (their tools, by the
 * sidebar's menu rule), each at /tools/{code}. A native <details>: it opens without JavaScript.
 */
function ExtensionsDrawer({ shell }: { shell: Shell }) {
  if (shell.extensions.length === 0) return null;
  return (
    <details className="drawer drawer--extensions">
      <summary className="header__summary">
        <NavIcon name="grid" size={22} />
        <span className="visually-hidden">{shell.texts.extensions}</span>
      </summary>
      <div className="drawer__panel">
        <h2 className="drawer__title">{shell.texts.extensions}</h2>
        <ul className="extensions">
          {shell.extensions.map((tool) => (
            <li key={tool.toolCode}>
              <a href={tool.href} className="extensions__link">
                {tool.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

/**
 * Section 2 header, weather drawer: the current temperature of the agent's place (°F or °C by the
 * unit rule) as its summary; open, the current conditions and the 7-day forecast link. A failed or
 * slow weather service shows a short "unavailable" state here and nowhere else.
 */
function WeatherDrawer({ shell }: { shell: Shell }) {
  const { weather, texts } = shell;
  const current = weather.current;
  return (
    <details className="drawer drawer--weather">
      <summary className="header__summary">
        <WeatherIcon group={current?.group ?? null} size={26} />
        <span className="visually-hidden">{texts.weather}: </span>
        {current ? (
          <span className="header__temperature">{current.temperature}</span>
        ) : (
          <span className="header__temperature header__temperature--none">
            <span aria-hidden="true">--</span>
            <span className="visually-hidden">unavailable</span>
          </span>
        )}
      </summary>
      <div className="drawer__panel">
        <h2 className="drawer__title">{texts.weather}</h2>
        <p className="weather__place">{weather.place}</p>
        {current ? (
          <>
            <p className="drawer-weather__now">
              <span className="drawer-weather__temp">{current.temperature}</span> {current.description}
            </p>
            <WeatherFacts current={current} />
          </>
        ) : (
          <p className="widget__message">{weather.message}</p>
        )}
        <p className="drawer-weather__more">
          {weather.forecastHref ? (
            <a href={weather.forecastHref}>7-Day Forecast</a>
          ) : (
            <a href="/home?customize=1">Switch on the weather widget for the 7-day forecast</a>
          )}
        </p>
      </div>
    </details>
  );
}

/**
 * Section 2 notification list: image or icon, message, view link, dismiss. Dismissing is a plain
 * form post; with JavaScript it happens in place and focus moves to the next item.
 */
export function NotificationList({ shell }: { shell: Shell }) {
  const listRef = useRef<HTMLUListElement>(null);
  const announce = useAnnounce();
  if (shell.notificationsUnavailable) return <p className="muted">Notifications cannot be shown right now.</p>;
  if (shell.notifications.length === 0) return <p className="muted">{shell.texts.noNotifications}</p>;
  return (
    <ul className="notifications" ref={listRef}>
      {shell.notifications.map((n, index) => (
        <NotificationItem
          key={n.id}
          notification={n}
          onDismissed={() => {
            announce("Notification dismissed");
            const items = listRef.current?.querySelectorAll<HTMLElement>("[data-notification]");
            const next = items?.[index + 1] ?? items?.[index - 1];
            (next?.querySelector<HTMLElement>("a, button") ?? listRef.current)?.focus();
          }}
        />
      ))}
    </ul>
  );
}

function NotificationItem({
  notification: n,
  onDismissed,
}: {
  notification: Shell["notifications"][number];
  onDismissed: () => void;
}) {
  const fetcher = useFetcher<{ dismissed?: string; error?: string }>();
  const location = useLocation();
  const dismissing = fetcher.state !== "idle";
  // 'Error fetching data' (section 8): the dismissal failed, the notification stays and says so.
  const failed = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  const handled = useRef<unknown>(undefined);
  const itemRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data !== undefined && handled.current !== fetcher.data) {
      handled.current = fetcher.data;
      if (fetcher.data.error) itemRef.current?.querySelector<HTMLElement>("button")?.focus();
      else onDismissed();
    }
  }, [fetcher.state, fetcher.data, onDismissed]);
  if (dismissing) return null;
  return (
    <li className="notification" data-notification ref={itemRef}>
      {n.image || n.icon ? (
        <img src={(n.image ?? n.icon)!} alt="" width={40} height={40} className="notification__image" />
      ) : null}
      <div className="notification__body">
        <p>{n.message}</p>
        <div className="actions">
          {n.link ? (
            <Link to={n.link} aria-label={`${n.label}: ${n.message}`}>
              {n.label}
            </Link>
          ) : null}
          <fetcher.Form method="post" action="/notifications/dismiss">
            <input type="hidden" name="notificationId" value={n.id} />
            <input type="hidden" name="startDate" value={n.start ?? ""} />
            <input type="hidden" name="endDate" value={n.end ?? ""} />
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button type="submit" className="button--link" aria-label={`${n.dismissLabel}: ${n.message}`}>
              {n.dismissLabel}
            </button>
          </fetcher.Form>
        </div>
        {failed ? (
          <p className="notice notice--warning" role="alert">
            {failed}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** Section 2 sidebar: icon links, expandable groups, partner tools, contact and help. */
function Sidebar({
  entries,
  shell,
  open,
  onClose,
}: {
  entries: SidebarEntry[];
  shell: Shell;
  open: boolean;
  onClose: () => void;
}) {
  const ref = useRef<HTMLElement>(null);
  // It collapses by itself on an outside click on wide screens.
  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (
        window.matchMedia("(min-width: 1256px)").matches &&
        ref.current &&
        !ref.current.contains(event.target as Node)
      ) {
        const header = document.querySelector(".header");
        if (!header?.contains(event.target as Node)) onClose();
      }
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [open, onClose]);
  return (
    <nav id="sidebar" ref={ref} className="sidebar" aria-label="Main">
      <ul className="sidebar__list">
        {entries.map((entry) => (
          <SidebarItem key={entry.id} entry={entry} shell={shell} />
        ))}
      </ul>
    </nav>
  );
}

function SidebarItem({ entry, shell }: { entry: SidebarEntry; shell: Shell }) {
  const location = useLocation();
  const label = (
    <>
      <NavIcon name={entry.icon} />
      <span className="sidebar__label">{entry.label}</span>
    </>
  );
  if (entry.type === "group") {
    const current = entry.children.some((c) => c.href && location.pathname.startsWith(c.href));
    return (
      <li>
        <details className="sidebar__group" open={current || undefined}>
          <summary className="sidebar__link" title={entry.label}>
            {label}
            <span className="sidebar__chevron">
              <NavIcon name="chevron" size={16} />
            </span>
          </summary>
          <ul className="sidebar__list sidebar__list--nested">
            {entry.children.map((child) => (
              <SidebarItem key={child.id} entry={child} shell={shell} />
            ))}
          </ul>
        </details>
      </li>
    );
  }
  if (entry.type === "help" && entry.modal) {
    return (
      <li>
        <details className="sidebar__group">
          <summary className="sidebar__link" title={entry.label}>
            {label}
          </summary>
          <div className="sidebar__help" role="group" aria-label={entry.modal.title}>
            <p className="sidebar__help-title">{entry.modal.title}</p>
            {/* Sanitised on the server like all content HTML. */}
            <div dangerouslySetInnerHTML={{ __html: entry.modal.html }} />
          </div>
        </details>
      </li>
    );
  }
  if (entry.type === "partner" && entry.toolCode) {
    return (
      <li>
        <PartnerLink entry={entry} shell={shell} />
      </li>
    );
  }
  if (entry.type === "gift") {
    return (
      <li>
        <GiftLink entry={entry} />
      </li>
    );
  }
  if (!entry.href) return null;
  const current = location.pathname === entry.href;
  if (entry.type === "contact" || !entry.href.startsWith("/")) {
    return (
      <li>
        <a className="sidebar__link" href={entry.href} title={entry.label}>
          {label}
        </a>
      </li>
    );
  }
  return (
    <li>
      <Link className="sidebar__link" to={entry.href} title={entry.label} aria-current={current ? "page" : undefined}>
        {label}
      </Link>
    </li>
  );
}

/**
 * Section 7's public gift link, where the navigation has it: a POST whose answer opens in a new tab. A
 * plain form with target="_blank", the same with JavaScript on or off; the portal's /gift-link adds the
 * gift service's fixed basic headers (their credentials never reach the browser).
 */
function GiftLink({ entry }: { entry: SidebarEntry }) {
  return (
    <form method="post" action="/gift-link" target="_blank" className="sidebar__form">
      <button
        type="submit"
        className="sidebar__link sidebar__button"
        title={entry.label}
        {...analyticsAttributes({ name: "gift_link_click" })}
      >
        <NavIcon name={entry.icon} />
        <span className="sidebar__label">{entry.label}</span>
        <span className="visually-hidden"> (opens in a new tab)</span>
      </button>
    </form>
  );
}

/**
 * A partner tool: one brand opens it straight away; several (R or C, or all three) ask first in the
 * brand-choice modal, whose continue button stays disabled until a brand is chosen.
 */
function PartnerLink({ entry, shell }: { entry: SidebarEntry; shell: Shell }) {
  const [brand, setBrand] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const label = (
    <>
      <NavIcon name={entry.icon} />
      <span className="sidebar__label">{entry.label}</span>
    </>
  );
  if (entry.brands.length <= 1) {
    return (
      <a
        className="sidebar__link"
        href={`/tools/${entry.toolCode}${entry.brands[0] ? `?brand=${entry.brands[0]}` : ""}`}
        title={entry.label}
        {...analyticsAttributes({ name: "partner_tool_click", toolCode: entry.toolCode, brand: entry.brands[0] })}
      >
        {label}
      </a>
    );
  }
  const titleId = `brand-${entry.id}`;
  return (
    <details className="sidebar__group">
      <summary className="sidebar__link" title={entry.label}>
        {label}
      </summary>
      <form method="get" action={`/tools/${entry.toolCode}`} className="brand-choice" aria-labelledby={titleId}>
        <p id={titleId} className="sidebar__help-title">
          {shell.texts.chooseBrand}
        </p>
        <fieldset>
          <legend>{shell.texts.chooseBrandBody}</legend>
          {entry.brands.map((code) => (
            <label key={code} className="brand-choice__option">
              <input type="radio" name="brand" value={code} required onChange={() => setBrand(code)} />{" "}
              {BRAND_NAMES[code] ?? code}
            </label>
          ))}
        </fieldset>
        <button
          type="submit"
          className="button button--primary"
          disabled={hydrated && brand === null}
          {...analyticsAttributes({ name: "partner_tool_click", toolCode: entry.toolCode, brand })}
        >
          Continue
        </button>
      </form>
    </details>
  );
}

/**
 * Section 2 alert bar: the active alerts as a carousel ('n of m', previous and next) when there is
 * more than one; every alert links to /alerts. The server draws the same carousel (no layout shift
 * when JavaScript arrives); without JavaScript, previous and next are links (?alert=n).
 */
export function AlertBar({ alerts, counterTemplate }: { alerts: Shell["alerts"]; counterTemplate: string }) {
  const [searchParams] = useSearchParams();
  const requested = Number.parseInt(searchParams.get("alert") ?? "1", 10);
  const [index, setIndex] = useState(Number.isFinite(requested) && requested >= 1 ? requested - 1 : 0);
  if (alerts.length === 0) return null;
  const current = ((index % alerts.length) + alerts.length) % alerts.length;
  const alert = alerts[current]!;
  const step = (delta: number) => {
    const next = (current + delta + alerts.length) % alerts.length;
    const params = new URLSearchParams(searchParams);
    params.set("alert", String(next + 1));
    return { next, href: `?${params}` };
  };
  const previous = step(-1);
  const following = step(1);
  return (
    <section className="alert-bar" aria-label="Current alerts">
      {alerts.length > 1 ? (
        <Link
          to={previous.href}
          preventScrollReset
          className="alert-bar__nav"
          onClick={(event) => {
            event.preventDefault();
            setIndex(previous.next);
          }}
        >
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">Previous alert</span>
        </Link>
      ) : null}
      <p className="alert-bar__list" aria-live="polite">
        <Link to="/alerts" className="alert-bar__link">
          {alert.text}
        </Link>
      </p>
      {alerts.length > 1 ? (
        <>
          <span className="alert-bar__counter">
            {fill(counterTemplate, String(current + 1), String(alerts.length))}
          </span>
          <Link
            to={following.href}
            preventScrollReset
            className="alert-bar__nav"
            onClick={(event) => {
              event.preventDefault();
              setIndex(following.next);
            }}
          >
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Next alert</span>
          </Link>
        </>
      ) : null}
    </section>
  );
}
