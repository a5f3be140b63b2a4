import { useCallback, useEffect, useState } from "react";
import { NavIcon } from "./icons";

type ChatVendor = { init: (options: Record<string, unknown>) => void; shutdown: () => void };
declare global {
  interface Window {
    LatteVendor?: ChatVendor;
  }
}

let loading: Promise<void> | null = null;

/** Loads the third-party chat script once; 'Failed to load script' is logged on failure. */
function loadScript(src: string): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error("Failed to load script"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * The chat launcher: shown only when signed in and the profile says the assistant is available;
 * it loads the chat scripts, passes the chat token and profile details, and is shut down on logout.
 * It needs JavaScript, so without it the button is not drawn at all.
 */
export function ChatLauncher({ scriptUrl }: { scriptUrl: string }) {
  const [hydrated, setHydrated] = useState(false);
  const [status, setStatus] = useState<"idle" | "loading" | "open" | "failed">("idle");
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    const shutdown = () => window.LatteVendor?.shutdown();
    window.addEventListener("portal:logout", shutdown);
    return () => {
      window.removeEventListener("portal:logout", shutdown);
      shutdown(); // removed when the signed-in shell goes away
    };
  }, []);

  const open = useCallback(async () => {
    setStatus("loading");
    try {
      const response = await fetch("/chat/token", { method: "POST", headers: { accept: "application/json" } });
      if (!response.ok) throw new Error("Error accessing remotely");
      const details = (await response.json()) as Record<string, unknown>;
      await loadScript(scriptUrl);
      window.LatteVendor?.init(details);
      setStatus("open");
    } catch (error) {
      console.error(error instanceof Error ? error.message : "Failed to load script");
      setStatus("failed");
    }
  }, [scriptUrl]);

  if (!hydrated) return null;
  return (
    <>
      <button type="button" className="header__burger" onClick={open} aria-busy={status === "loading" || undefined}>
        <NavIcon name="chat" size={22} />
        <span className="visually-hidden">Chat assistant</span>
      </button>
      {status === "failed" ? (
        <span role="status" className="visually-hidden">
          The chat assistant could not be opened.
        </span>
      ) : null}
    </>
  );
}
