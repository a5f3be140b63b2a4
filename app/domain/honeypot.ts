/**
 * A field people never see or fill (hidden from sight and from assistive technology); bots that fill
 * every input do. One name for every public form.
 */
export const HONEYPOT_FIELD = "contact_me_by_fax";
