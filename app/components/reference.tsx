import { createContext, useContext } from "react";

/**
 * The request's id (X-Request-Id, the log line's requestId), set by entry.server for the document it
 * renders, so an error page can say "Reference: …" for the agent to quote. In the browser the page
 * keeps what the server drew; a failure met later carries its own reference in its data, if any.
 */
export const ReferenceContext = createContext<string | null>(null);

export function useReference(errorData: unknown): string | null {
  const fromServer = useContext(ReferenceContext);
  const own = (errorData as { reference?: unknown } | null)?.reference;
  if (typeof own === "string" && own) return own;
  if (fromServer) return fromServer;
  // Hydrating the server's error page: the reference it drew. Later (root marks the document
  // hydrated), a failure met in the browser has only the reference its data carries.
  if (typeof document === "undefined" || "hydrated" in document.documentElement.dataset) return null;
  return document.getElementById("error-reference")?.textContent ?? null;
}
