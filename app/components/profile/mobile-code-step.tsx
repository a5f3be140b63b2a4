import { CodeField, useCountdown } from "~/components/code-form";
import type { ItemValue } from "~/domain/edit-items";
import { translator } from "~/domain/translate";
import type { MobileCodeView } from "~/server/profile/item-result.server";

/**
 * The mobile number's second step, as registration's: where the code went, the code field, and the
 * resend cool-down (counted down in the browser; without JavaScript the server's figure stands). The
 * typed number rides along, so nothing is lost whichever button is pressed.
 */
export function MobileCodeStep({
  code,
  value,
  texts,
  errors,
}: {
  code: MobileCodeView;
  value: ItemValue;
  texts: Record<string, string>;
  errors: Record<string, string[]>;
}) {
  const t = translator(texts);
  const wait = useCountdown(code.resendIn, code);
  return (
    <>
      <input type="hidden" name="telephoneCountryCode" value={value.telephoneCountryCode ?? ""} />
      <input type="hidden" name="mobilePhone" value={value.mobilePhone ?? ""} />
      {code.notice === "resent" ? (
        <p className="notice" role="status">
          {t("otpResent")}
        </p>
      ) : null}
      <p>{t("otpSentSms", code.sentTo)}</p>
      <CodeField
        label={t("otpLabel")}
        hint={t("otpHint")}
        errors={errors.code}
        inputProps={{ id: "mobile-code", name: "code", required: true }}
      />
      {wait > 0 ? <p className="field__hint">{t("otpWaitResend", wait)}</p> : null}
    </>
  );
}
