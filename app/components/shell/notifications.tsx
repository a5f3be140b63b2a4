import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { Shell } from "~/server/shell/shell.server";
import { NavIcon } from "~/components/icons";
import { useAnnounce } from "~/components/route-focus";

/**
 * The bell's name is its text: "Notifications" (visually hidden) and the count the badge shows, so
 * what is seen is what a voice user says and a screen reader hears (WCAG 2.5.3).
 */
export function NotificationsDrawer({ shell }: { shell: Shell }) {
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
 * The notification list: image or icon, message, view link, dismiss. Dismissing is a plain
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
  // 'Error fetching data': the dismissal failed, the notification stays and says so.
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
