import type { Session } from "@remix-run/node";

/**
 * The session's data as stored: one key per slice. Infra knows no key; each slice's owner types its
 * own (see sessionSlice).
 */
export type SessionValues = Record<string, unknown>;
export type PortalSession = Session<SessionValues, SessionValues>;

/** One piece of session state, typed, read and written only through its owner's slice. */
export type SessionSlice<T> = {
  readonly key: string;
  read(session: PortalSession): T | undefined;
  /** The value in a session's raw data (the store's createData sees data, not a session). */
  readData(data: Partial<SessionValues>): T | undefined;
  write(session: PortalSession, value: T): void;
  clear(session: PortalSession): void;
};

/** Which module owns each key: a key has exactly one owner. */
const owners = new Map<string, string>();
/** The keys whose owners said they hold one identity's view (see forgetIdentitySlices). */
const perIdentity = new Set<string>();

export type SliceOptions = {
  /**
   * The value belongs to the identity signed in (a cache of its profile, its picked branch): it is
   * cleared when the session starts or stops acting for an agency (forgetIdentitySlices).
   */
  perIdentity?: boolean;
};

/**
 * A slice of the session under `key`, owned by the module at `owner` (its `import.meta.url`). A
 * second owner of a key throws at module load. The same module defining it again is a reload (the
 * dev server re-runs an edited module), not a second owner.
 */
export function sessionSlice<T>(key: string, owner: string, options: SliceOptions = {}): SessionSlice<T> {
  const existing = owners.get(key);
  if (existing !== undefined && existing !== owner) {
    throw new Error(`The session key "${key}" is already owned by ${existing}; ${owner} may not define it again.`);
  }
  owners.set(key, owner);
  if (options.perIdentity) perIdentity.add(key);
  else perIdentity.delete(key);
  return {
    key,
    // The stored shapes are the owner's to keep; the cast is the one place the key meets its type.
    read: (session) => session.get(key) as T | undefined,
    readData: (data) => data[key] as T | undefined,
    write: (session, value) => session.set(key, value),
    clear: (session) => session.unset(key),
  };
}

/**
 * Clears every slice defined with `perIdentity`: what the session of one identity's view should not
 * carry over to another. Its owners need not be known here: every route module, and so every slice's
 * owner, is loaded with the server build before a request is answered.
 */
export function forgetIdentitySlices(session: PortalSession): void {
  for (const key of perIdentity) session.unset(key);
}
