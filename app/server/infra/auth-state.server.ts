import { sessionSlice } from "~/server/infra/session-slice.server";

/**
 * The signed-in session's tokens. Here in infra so both the auth feature and the API client (which
 * saves a refreshed token) own them without the client importing a feature. Tokens never leave the
 * server.
 */
export type AuthState = {
  accessToken: string;
  idToken: string;
  refreshToken?: string;
  username: string;
  signedInAt: number;
  lastActivity: number;
  /** Set when the agent opened the legacy application; logout then clears its cookies. */
  legacyNavigated?: boolean;
  /**
   * Set while a super user acts for an agency: the tokens above are the agency
   * administrator's acting sign-in; `real` are the super user's own, restored when acting stops.
   */
  actingFor?: ActingFor;
};

/** A super user acting for an agency: whom for, as whom, and their own sign-in to go back to. */
export type ActingFor = {
  agencyId: string;
  agencyName: string;
  asName: string;
  asUsername: string;
  realName: string;
  real: Pick<AuthState, "accessToken" | "idToken" | "refreshToken" | "username">;
  /** When acting began: a "sign out everywhere" of the administrator after it ends the acting sign-in. */
  startedAt?: number;
};

/** A session acting for an agency. */
export type ActingAuthState = AuthState & { actingFor: ActingFor };

export const authState = sessionSlice<AuthState>("auth", import.meta.url);
