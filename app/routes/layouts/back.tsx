import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { BackLink } from "~/components/back-link";
import { Logo, MinimalFooter } from "~/components/shell";
import { requireAnonymous } from "~/server/auth.server";

/** Layout family 3: a back button and the logo; a signed-in user is sent to /home. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export default function BackLayout() {
  return (
    <>
      <header className="header header--minimal">
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        <div className="header__actions">
          <BackLink />
          <Logo />
        </div>
      </header>
      <main id="main" className="page page--narrow">
        <Outlet />
      </main>
      <MinimalFooter />
    </>
  );
}
