import type { SubmissionResult } from "@conform-to/react";

/**
 * What the stepper features hand their step forms. Written here, not derived from the loaders,
 * so the forms never import a route module (they take these types with `import type`).
 */
type Option = { value: string; label: string };
type FormDefaults = Record<string, string | string[] | undefined>;
/** Who the agent is, so the password may not contain it. */
type Personal = { firstName: string; lastName: string; emailAddress: string };

/** One step of the agent registration, as the agent stepper's loader shows it. */
export type AgentStepView = {
  step: number;
  notice: string | null;
  agencyName: string;
  defaults: FormDefaults;
  passwordSet: boolean;
  personal: Personal;
  email: { address: string; verified: boolean; resendIn: number };
  phone: { sentTo: string | null; verified: boolean; resendIn: number };
  countries: Option[];
  phoneCountries: Option[];
};

/** The agent stepper action's answer to a failed post: the step, the form's intent, the result. */
export type AgentStepReply = { step: number; intent: string; result: SubmissionResult<string[]> };

/** One step of the agency registration, as the agency stepper's loader shows it. */
export type AgencyStepView = {
  step: number;
  notice: string | null;
  defaults: FormDefaults;
  passwordSet: boolean;
  personal: Personal;
  linkSentTo: string | null;
  emailVerified: boolean;
  agreement: { title: string; version: string } | null;
  countries: Option[];
  phoneCountries: Option[];
};
