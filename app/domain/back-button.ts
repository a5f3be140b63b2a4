/** Where the back button of the back-button layout goes. */
export type BackTarget = { kind: "href"; href: string } | { kind: "history"; fallback: string };

function step(search: URLSearchParams): number {
  const n = Number.parseInt(search.get("step") ?? "1", 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/** The specification's back-button table, row by row. */
export function backTarget(pathname: string, search: URLSearchParams | string): BackTarget {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const path = pathname.replace(/\/+$/, "") || "/";
  switch (path) {
    case "/register":
      return params.get("agencyData") === "true"
        ? { kind: "href", href: "/register?agencyData=false" }
        : { kind: "href", href: "/login" };
    case "/register-agency":
      return step(params) > 1
        ? { kind: "href", href: `/register-agency?step=${step(params) - 1}` }
        : { kind: "href", href: "/login" };
    // `/register-agency?step=N` is drawn by the stepper's own address: the same row applies there,
    // so the link (the only back button without JavaScript) goes to step N - 1, not /login.
    case "/register-agency/stepper":
      return step(params) > 1
        ? { kind: "href", href: `/register-agency/stepper?step=${step(params) - 1}` }
        : { kind: "href", href: "/login" };
    case "/register/stepper":
      return step(params) > 1
        ? { kind: "href", href: `/register/stepper?step=${step(params) - 1}` }
        : { kind: "href", href: "/register?agencyData=true" };
    case "/register-agency/verify":
      return { kind: "href", href: "/register-agency?step=1" };
    case "/register-agency/welcome":
      return { kind: "href", href: "/register-agency?step=4" };
    case "/register-agency/email-sent":
    case "/register-agency/email-resend":
      return { kind: "href", href: "/register-agency" };
    default:
      return { kind: "history", fallback: "/login" };
  }
}
