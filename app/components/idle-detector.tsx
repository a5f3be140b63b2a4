import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { IDLE_COUNTDOWN_SECONDS, IDLE_LIMIT_MS, KEEPALIVE_INTERVAL_MS } from "~/domain/session-rules";
import { keepUnsavedForms } from "./kept-forms";
import { announceLogout } from "./shell/logout";

const ACTIVITY_EVENTS = ["pointerdown", "pointermove", "keydown", "scroll", "touchstart", "wheel"] as const;

/**
 * The inactivity limit in the browser: after 30 minutes without activity a dialog counts five
 * seconds; activity cancels it; reaching five signs out. The server enforces the same limit on the
 * next request, so without JavaScript the agent is still signed out.
 */
export function IdleDetector() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const lastActivity = useRef(Date.now());
  const lastKeepalive = useRef(Date.now());
  const [elapsed, setElapsed] = useState<number | null>(null);
  // submit functions are stable across renders; the fetcher objects are not.
  const { submit: submitLogout } = useFetcher();
  const { submit: submitKeepalive } = useFetcher();

  // The countdown's sign-out remembers the page, so signing in again comes back to it; "Log out now"
  // is the agent's own choice and does not.
  const signOut = useCallback(
    (comeBack = false) => {
      announceLogout();
      const page = window.location.pathname + window.location.search;
      submitLogout(
        { reason: "idle", ...(comeBack ? { redirectTo: page } : {}) },
        { method: "post", action: "/logout" },
      );
    },
    [submitLogout],
  );

  // Any activity cancels the countdown and stamps the time.
  useEffect(() => {
    const onActivity = () => {
      const now = Date.now();
      lastActivity.current = now;
      setElapsed((current) => (current === null ? current : null));
      if (now - lastKeepalive.current > KEEPALIVE_INTERVAL_MS) {
        lastKeepalive.current = now;
        submitKeepalive(null, { method: "post", action: "/session/keepalive" });
      }
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity);
    };
  }, [submitKeepalive]);

  // Watch for the idle limit; once reached, start counting.
  useEffect(() => {
    if (elapsed !== null) return;
    // Says the watch is on, for whoever scripts the page (tests fast-forward the clock after it).
    const dialog = dialogRef.current;
    if (dialog) dialog.dataset.watching = "";
    const timer = setInterval(() => {
      if (Date.now() - lastActivity.current >= IDLE_LIMIT_MS) setElapsed(0);
    }, 1000);
    return () => {
      clearInterval(timer);
      if (dialog) delete dialog.dataset.watching;
    };
  }, [elapsed]);

  // The countdown: one step a second; reaching five signs out.
  useEffect(() => {
    if (elapsed === null) return;
    if (elapsed >= IDLE_COUNTDOWN_SECONDS) {
      // What the agent typed is kept for after the next sign-in, then the sign-out.
      void keepUnsavedForms().finally(() => signOut(true));
      return;
    }
    const timer = setTimeout(() => setElapsed((e) => (e === null ? e : e + 1)), 1000);
    return () => clearTimeout(timer);
  }, [elapsed, signOut]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (elapsed !== null && !dialog.open) dialog.showModal();
    if (elapsed === null && dialog.open) dialog.close();
  }, [elapsed]);

  const remaining = IDLE_COUNTDOWN_SECONDS - (elapsed ?? 0);
  return (
    <dialog ref={dialogRef} className="dialog" aria-labelledby="idle-heading" aria-describedby="idle-text">
      <h2 id="idle-heading">Are you still there?</h2>
      <p id="idle-text" aria-live="assertive">
        You have been inactive for 30 minutes. You will be signed out in {remaining}{" "}
        {remaining === 1 ? "second" : "seconds"}.
      </p>
      <div className="actions">
        <button type="button" className="button button--primary" onClick={() => setElapsed(null)}>
          Stay signed in
        </button>
        <button type="button" className="button button--secondary" onClick={() => signOut()}>
          Log out now
        </button>
      </div>
    </dialog>
  );
}
