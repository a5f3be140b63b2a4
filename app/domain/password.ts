/**
 * The password rules of registration and password reset, each named by its dictionary key so the
 * form can say which rule failed. The upstream checks the same rules again.
 */
export const PASSWORD_RULES = [
  "passwordRuleLength",
  "passwordRuleUppercase",
  "passwordRuleLowercase",
  "passwordRuleNumber",
  "passwordRuleSpecial",
  "passwordRuleNoPersonalInfo",
] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** What the password must not contain: names and the e-mail's local part, when 3+ characters. */
export type PersonalInfo = { firstName?: string; lastName?: string; emailAddress?: string; username?: string };

function personalParts(info: PersonalInfo): string[] {
  const local = info.emailAddress?.split("@")[0];
  return [info.firstName, info.lastName, local, info.username?.split("@")[0]]
    .map((part) => part?.trim().toLowerCase() ?? "")
    .filter((part) => part.length >= 3);
}

/** The rules the password breaks, in the order of PASSWORD_RULES; empty when it is strong enough. */
export function passwordProblems(password: string, info: PersonalInfo = {}): PasswordRule[] {
  const broken: PasswordRule[] = [];
  const length = [...password].length; // characters, as the upstream counts them, not UTF-16 units
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) broken.push("passwordRuleLength");
  if (!/\p{Lu}/u.test(password)) broken.push("passwordRuleUppercase");
  if (!/\p{Ll}/u.test(password)) broken.push("passwordRuleLowercase");
  if (!/\p{Nd}/u.test(password)) broken.push("passwordRuleNumber");
  if (!/[^\p{L}\p{Nd}]/u.test(password)) broken.push("passwordRuleSpecial");
  const lower = password.toLowerCase();
  if (personalParts(info).some((part) => lower.includes(part))) broken.push("passwordRuleNoPersonalInfo");
  return broken;
}
