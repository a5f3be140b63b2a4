import { jwtDecode } from "jwt-decode";

export type TokenUsername =
  { kind: "encrypted" } | { kind: "readable"; username: string } | { kind: "missing-username" };

/**
 * After login, if the token is readable, the username in it must be present.
 * Encrypted five-part tokens (JWE) are not checked. An unreadable token counts as lacking it.
 */
export function tokenUsername(token: string): TokenUsername {
  if (token.split(".").length === 5) return { kind: "encrypted" };
  try {
    const claims = jwtDecode<{ username?: unknown }>(token);
    if (typeof claims.username === "string" && claims.username.length > 0) {
      return { kind: "readable", username: claims.username };
    }
  } catch {
    // falls through: a malformed token has no username
  }
  return { kind: "missing-username" };
}

/**
 * The token's username must equal the profile's loginUserName, otherwise the session is
 * cleared. The case-insensitive match with the typed name is switched off in the specification, so
 * this comparison is exact. Encrypted tokens cannot be compared and pass.
 */
export function tokenMatchesProfile(token: string, loginUserName: string): boolean {
  const found = tokenUsername(token);
  if (found.kind === "encrypted") return true;
  return found.kind === "readable" && found.username === loginUserName;
}
