import type { ItemValue } from "~/domain/edit-items";
import type { ProfileItemId } from "~/domain/profile-items";

/** What saving one profile item answers; shared by the items and the mobile number's code step. */

/** What the code step shows: where the code went, when another may be asked for, a one-off notice. */
export type MobileCodeView = { sentTo: string; resendIn: number; notice: "resent" | null };

/** One item's save: the saved value, or the errors and what was typed. */
export type ItemResult =
  | { item: ProfileItemId; ok: true; value: ItemValue; version: number }
  | {
      item: ProfileItemId;
      ok: false;
      error: string | null;
      fieldErrors: Record<string, string[]>;
      typed: ItemValue;
      /** After a stale save: what is saved now. */
      fresh?: { value: ItemValue; version: number };
      /** The mobile number's change waiting for the code texted to the new number. */
      code?: MobileCodeView;
    };
