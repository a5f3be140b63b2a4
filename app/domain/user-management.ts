import type { ListSpec, Option } from "./lists";

/**
 * User management (ADMIN and RCCLADMIN manage agents): the agency's agents as a
 * list described once (app/domain/lists.ts), the actions an administrator can take on an agent in
 * each status, and what each says when it asks for confirmation.
 */
export const STATUS_NAMES = {
  PENDING: "Pending approval",
  ACTIVE: "Active",
  LOCKED: "Locked",
  DEACTIVATED: "Deactivated",
} as const;
export type Status = keyof typeof STATUS_NAMES;

export const ROLE_NAMES: Record<string, string> = {
  AGENT: "Agent",
  ADMIN: "Agency administrator",
  RCCL: "Cruise line staff",
  RCCLADMIN: "Cruise line administrator",
};

/**
 * A role's or an account status's name, never its code: the one place the user list, an agent's page,
 * its activity log and the super-user's agency page take their words from. A code the portal does not
 * know yet reads as words too ("AGENCY_ADMIN" → "Agency admin").
 */
export const roleName = (code: string): string =>
  Object.hasOwn(ROLE_NAMES, code) ? ROLE_NAMES[code]! : codeInWords(code);
export const statusName = (code: string): string =>
  Object.hasOwn(STATUS_NAMES, code) ? STATUS_NAMES[code as Status] : codeInWords(code);
const codeInWords = (code: string) => {
  const words = code.replace(/[-_]+/g, " ").trim().toLowerCase();
  return words ? `${words[0]!.toUpperCase()}${words.slice(1)}` : "";
};

/** Known role and status codes inside a sentence ("from AGENT to ADMIN"), each as its name. */
const CODE_IN_TEXT = new RegExp(`\\b(${[...Object.keys(ROLE_NAMES), ...Object.keys(STATUS_NAMES)].join("|")})\\b`, "g");
/** A role change's sentence names its two roles, whatever they are ("from AGENCY_ADMIN to AGENT"). */
const ROLE_CHANGE = /\b(role from )([A-Z][A-Z_]*)( to )([A-Z][A-Z_]*)\b/;
const codesInWords = (text: string) =>
  text
    .replace(
      ROLE_CHANGE,
      (_, from: string, a: string, to: string, b: string) => `${from}${roleName(a)}${to}${roleName(b)}`,
    )
    .replace(CODE_IN_TEXT, (code: string) => (Object.hasOwn(ROLE_NAMES, code) ? roleName(code) : statusName(code)));

const any = (label: string): Option => ({ value: "", label });

export const AGENT_LIST: ListSpec<"agents"> = {
  id: "agents",
  path: "/user-management",
  endpoint: "/agents",
  noun: ["agent", "agents"],
  filters: [
    { name: "q", label: "Name, username or e-mail", fallback: "" },
    {
      name: "role",
      label: "Role",
      options: [
        any("Every role"),
        { value: "AGENT", label: ROLE_NAMES.AGENT! },
        { value: "ADMIN", label: ROLE_NAMES.ADMIN! },
      ],
      fallback: "",
    },
    {
      name: "status",
      label: "Status",
      options: [any("Every status"), ...Object.entries(STATUS_NAMES).map(([value, label]) => ({ value, label }))],
      fallback: "",
    },
  ],
  sorts: { name: "Name", created: "Registered", status: "Status" },
  defaultSort: "name",
  defaultOrder: "asc",
};

export type AgentActionName = "approve" | "role" | "deactivate" | "reactivate" | "unlock" | "password-reset";

/** What an administrator can do to an agent in each status (their own account: nothing that locks them out). */
export function actionsFor(status: Status, self: boolean): AgentActionName[] {
  const byStatus: Record<Status, AgentActionName[]> = {
    PENDING: ["approve", "deactivate"],
    ACTIVE: ["role", "password-reset", "deactivate"],
    LOCKED: ["unlock", "password-reset", "deactivate"],
    DEACTIVATED: ["reactivate"],
  };
  return byStatus[status].filter((a) => !self || (a !== "deactivate" && a !== "role"));
}

export const ACTION_TEXT: Record<AgentActionName, { button: string; ask: string; done: string }> = {
  approve: { button: "Approve", ask: "Approve {name}? They can sign in at once.", done: "{name} is approved." },
  role: { button: "Change role", ask: "Change {name}'s role?", done: "{name}'s role is changed." },
  deactivate: {
    button: "Deactivate",
    ask: "Deactivate {name}? They will not be able to sign in until reactivated.",
    done: "{name} is deactivated.",
  },
  reactivate: {
    button: "Reactivate",
    ask: "Reactivate {name}? They can sign in again.",
    done: "{name} is reactivated.",
  },
  unlock: { button: "Unlock", ask: "Unlock {name}'s account?", done: "{name}'s account is unlocked." },
  "password-reset": {
    button: "Send a password reset link",
    ask: "Send {name} a link to set a new password?",
    done: "A password reset link is on its way to {name}.",
  },
};

/** What an action did, as a sentence when the log has no words for it ("password-reset" → "Password reset."). */
const ACTION_DONE: Record<string, string> = {
  approve: "Approved the registration.",
  role: "Changed the role.",
  deactivate: "Deactivated the account.",
  reactivate: "Reactivated the account.",
  unlock: "Unlocked the account.",
  "password-reset": "Sent a password reset link.",
};

/**
 * An activity log entry as a person reads it: its sentence ("Approved the registration."), never the
 * action's code before it, and roles and statuses in it by name ("Changed the role from Agent to Agency
 * administrator."); with no sentence, the action's own in words.
 */
export function activityText(entry: { action: string; detail?: string | null }): string {
  const detail = entry.detail?.trim();
  if (detail) return codesInWords(detail);
  const words = entry.action.replace(/[-_]+/g, " ").trim();
  return ACTION_DONE[entry.action] ?? (words ? `${words[0]!.toUpperCase()}${words.slice(1)}.` : "");
}

export const isAgentAction = (value: string): value is AgentActionName => Object.hasOwn(ACTION_TEXT, value);
export const withName = (text: string, name: string) => text.replace(/\{name\}/g, name);

/**
 * What the list's "Waiting for your approval" offers on each pending registration, right on the
 * list: approve, or decline (the upstream's deactivate: the registration cannot sign in).
 */
export const PENDING_ACTIONS = ["approve", "deactivate"] as const satisfies readonly AgentActionName[];
export type PendingActionName = (typeof PENDING_ACTIONS)[number];
export const PENDING_ACTION_TEXT: Record<PendingActionName, { button: string; done: string }> = {
  approve: { button: "Approve", done: ACTION_TEXT.approve.done },
  deactivate: { button: "Decline", done: "{name}'s registration is declined: they cannot sign in." },
};
export const isPendingAction = (value: string): value is PendingActionName =>
  (PENDING_ACTIONS as readonly string[]).includes(value);
