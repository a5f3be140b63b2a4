import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { Shell, SidebarEntry } from "~/server/shell/shell.server";
import { NavIcon } from "~/components/icons";
import { GiftLink, PartnerLink } from "./sidebar-tool-links";

/** The sidebar: icon links, expandable groups, partner tools, contact and help. */
export function Sidebar({
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
