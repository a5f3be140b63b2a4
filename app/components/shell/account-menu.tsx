import { Form, Link } from "@remix-run/react";
import type { Shell } from "~/server/shell/shell.server";
import { Avatar } from "./avatar";
import { announceLogout } from "./logout";

/** The account menu: photo, name, e-mail, agency, and the links each role sees. */
export function AccountMenu({ shell }: { shell: Shell }) {
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
