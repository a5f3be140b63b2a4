import { safeRedirect } from "./redirect";

/**
 * /welcome: the first sign-in of a new account lands there (profile photo, communication
 * choices, the guidelines), then goes on to where the sign-in was going; later sign-ins skip it.
 */
export const WELCOME_PATH = "/welcome";

/** Where the agent goes on to from /welcome: a same-site path from `redirectTo`, never /welcome or /logout. */
export function onwardFrom(redirectTo: unknown): string {
  const to = safeRedirect(redirectTo, "/home");
  return /^\/(welcome|logout)(?:[/?#]|$)/.test(to) ? "/home" : to;
}

/** Where a sign-in lands: its target, or /welcome first (carrying the target) when not yet welcomed. */
export function landingAfterSignIn(target: string, welcomed: boolean): string {
  if (welcomed) return target;
  const onward = onwardFrom(target);
  return onward === "/home" ? WELCOME_PATH : `${WELCOME_PATH}?${new URLSearchParams({ redirectTo: onward })}`;
}
