import { createCookie, createSessionStorage } from "@remix-run/node";
import { ABSOLUTE_LIMIT_MS } from "~/domain/session-rules";
import { authState } from "~/server/infra/auth-state.server";
import { env } from "~/server/infra/env.server";
import type { PortalSession, SessionValues } from "~/server/infra/session-slice.server";
import { redisSessionStore, sqliteSessionStore, type SessionStore } from "~/server/infra/session-store.server";
import { countedStore } from "~/server/infra/store-metrics.server";

// The mechanism only: the cookie, the store, getSession. What a session holds is typed by each
// piece's owner (sessionSlice in session-slice.server.ts).
export type { PortalSession } from "~/server/infra/session-slice.server";

/** Anonymous sessions (a pending MFA) live at most an hour. */
const ANONYMOUS_LIMIT_MS = 60 * 60 * 1000;

let store: SessionStore | undefined;
export function sessionStore(): SessionStore {
  // Every call counted (portal_store_operations_total, portal_store_errors_total) by kind and operation.
  const operations = ["create", "read", "update", "delete", "endOthers", "cutoff"] as const;
  store ??= env.REDIS_URL
    ? countedStore("session", "redis", redisSessionStore(env.REDIS_URL), operations)
    : countedStore("session", "sqlite", sqliteSessionStore(env.DATA_DIR), operations);
  return store;
}

export const sessionCookie = createCookie(env.cookieSecure ? "__Host-pp_session" : "pp_session", {
  httpOnly: true,
  secure: env.cookieSecure,
  sameSite: "lax",
  path: "/",
  secrets: env.sessionSecrets,
});

export const sessionStorage = createSessionStorage<SessionValues, SessionValues>({
  cookie: sessionCookie,
  async createData(data) {
    const auth = authState.readData(data);
    const expiresAt = auth ? auth.signedInAt + ABSOLUTE_LIMIT_MS : Date.now() + ANONYMOUS_LIMIT_MS;
    return sessionStore().create(data, expiresAt);
  },
  async readData(id) {
    return ((await sessionStore().read(id)) as Partial<SessionValues> | null) ?? null;
  },
  async updateData(id, data) {
    await sessionStore().update(id, data);
  },
  async deleteData(id) {
    await sessionStore().delete(id);
  },
});

export function getSession(request: Request): Promise<PortalSession> {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}
