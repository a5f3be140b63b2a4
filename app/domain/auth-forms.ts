import { z } from "zod";

/** The sign-in form, shared by conform in the browser and the login action. */
export const LoginSchema = z.object({
  username: z
    .string({ error: "Enter your username." })
    .trim()
    .min(1, "Enter your username.")
    .max(100, "A username has at most 100 characters."),
  password: z
    .string({ error: "Enter your password." })
    .min(1, "Enter your password.")
    .max(200, "A password has at most 200 characters."),
  redirectTo: z.string().max(2048).optional(),
});

/** The one-time-code form of /otp-verify: verify a code, or ask for a new one. */
export const OtpSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("verify"),
    code: z
      .string({ error: "Enter the six-digit code from the e-mail." })
      .trim()
      .regex(/^\d{6}$/, "The code is six digits."),
  }),
  z.object({ intent: z.literal("resend") }),
]);
