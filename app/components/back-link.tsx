import { Link, useLocation, useNavigate } from "@remix-run/react";
import { backTarget } from "~/domain/back-button";

/**
 * The back button of the back-button layout: a real link (it works without JavaScript) to the place
 * back-button table names; where the table says "back in history", JavaScript goes back when there is
 * history and the link's /login is the fallback.
 */
export function BackLink() {
  const location = useLocation();
  const navigate = useNavigate();
  const target = backTarget(location.pathname, location.search);
  const href = target.kind === "href" ? target.href : target.fallback;
  return (
    <Link
      to={href}
      className="icon-link"
      onClick={(event) => {
        if (target.kind === "history" && window.history.length > 1 && window.history.state?.idx > 0) {
          event.preventDefault();
          navigate(-1);
        }
      }}
    >
      <span aria-hidden="true">←</span> Back
    </Link>
  );
}
