import { Link } from "@remix-run/react";

/**
 * The logo links to /home. Its name is its text (WCAG 2.5.3: the name contains what is seen): the
 * words "Professional Portal", then "home". The round "PP" mark is drawing, not text; on narrow
 * screens, where the words are hidden, they stay in the name.
 */
export function Logo() {
  return (
    <Link to="/home" className="logo">
      <span aria-hidden="true" className="logo__mark">
        PP
      </span>
      <span className="logo__text">Professional Portal</span>
      <span className="visually-hidden"> home</span>
    </Link>
  );
}
