/**
 * The super-user pages' rules: what a change made while acting for an agency was, in
 * words, from the request the upstream recorded.
 */

const AGENT_ACTIONS: Record<string, string> = {
  approve: "Approved the registration of agent {}",
  role: "Changed the role of agent {}",
  deactivate: "Deactivated agent {}",
  reactivate: "Reactivated agent {}",
  unlock: "Unlocked agent {}",
  "password-reset": "Sent a password reset link to agent {}",
};

const PATTERNS: Array<[RegExp, (match: RegExpExecArray) => string]> = [
  [
    /^POST \/agencies\/[^/]+\/agents\/([^/]+)\/([a-z-]+)$/,
    (m) => (AGENT_ACTIONS[m[2]!] ?? `${m[2]} on agent {}`).replace("{}", m[1]!),
  ],
  [/^POST \/agencies\/[^/]+\/invitations$/, () => "Invited an agent"],
  [/^DELETE \/auth\/logout$/, () => "Stopped acting"],
  [/^PUT \/agencies\/[^/]+$/, () => "Changed the agency's details"],
  [/^PUT \/agents\/[^/]+$/, () => "Changed the administrator's profile"],
  [/^PUT \/agents\/[^/]+\/photo$/, () => "Changed the administrator's photo"],
  [/^DELETE \/agents\/[^/]+\/photo$/, () => "Removed the administrator's photo"],
  [/^PUT \/agents\/[^/]+\/password$/, () => "Tried to change the administrator's password"],
  [/^PUT \/agents\/[^/]+\/mfa$/, () => "Changed the administrator's second factor"],
  [/^(POST|DELETE) \/agents\/[^/]+\/sign-ins(\/.*)?$/, () => "Ended sign-ins of the administrator"],
  [/^POST \/agents\/legal-acceptance$/, () => "Accepted terms for the administrator"],
];

/** "Approved the registration of agent 0999997"; a request it has no words for, as it was made. */
export function describeActingChange(method: string, path: string): string {
  const request = `${method.toUpperCase()} ${path}`;
  for (const [pattern, words] of PATTERNS) {
    const match = pattern.exec(request);
    if (match) return words(match);
  }
  return request;
}

/** Whether the change went through (a 2xx or 3xx answer) or was refused. */
export const actingChangeResult = (status: number) => (status < 400 ? "Done" : `Refused (${status})`);

/** Where a super user lands when their acting sign-in was ended from the agency's side: the agency's page. */
export const actingEndedPath = (agencyId: string) =>
  `/super-user/agency-found?${new URLSearchParams({ agencyId, acting: "ended" })}`;

export const ACTING_ENDED_MESSAGE =
  "Acting for this agency has ended: the administrator's sign-ins were ended from the agency's side (signed out everywhere else, or a new password). You are signed in as yourself again.";
