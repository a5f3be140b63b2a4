export type Dismissal = { notificationId: string; start?: string | null; end?: string | null };

/**
 * The notification dismissal rule, the stricter reading (decision 010): a notification counts as dismissed
 * when a stored dismissal has its id and now lies inside that dismissal's start-to-end window
 * (a missing bound is open). The literal reading, kept beside it in the test table, would hide every
 * notification as soon as any dismissal had started.
 */
export function isDismissed(notificationId: string, dismissals: readonly Dismissal[], now: number): boolean {
  return dismissals.some((d) => {
    if (d.notificationId !== notificationId) return false;
    const start = d.start ? Date.parse(d.start) : Number.NEGATIVE_INFINITY;
    const end = d.end ? Date.parse(d.end) : Number.POSITIVE_INFINITY;
    return !(now < start) && !(now > end);
  });
}

/** The specification's message for a failed dismissal (and for other data a page could not fetch). */
export const ERROR_FETCHING_DATA = "Error fetching data";

/** What the agent reads when a dismissal failed: the notification stays, and they may try again. */
export const DISMISS_FAILED = "The notification could not be dismissed. Please try again.";
