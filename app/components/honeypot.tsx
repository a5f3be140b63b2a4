import { HONEYPOT_FIELD } from "~/domain/honeypot";

/** The honeypot input of public forms; `display:none` keeps it from people and screen readers. */
export function HoneypotInput() {
  return (
    <div hidden aria-hidden="true">
      <label>
        Leave this empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
