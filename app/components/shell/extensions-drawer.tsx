import type { Shell } from "~/server/shell/shell.server";
import { NavIcon } from "~/components/icons";

/**
 * The header's extensions drawer: the partner tools the agent may open (their tools, by the
 * sidebar's menu rule), each at /tools/{code}. A native <details>: it opens without JavaScript.
 */
export function ExtensionsDrawer({ shell }: { shell: Shell }) {
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
