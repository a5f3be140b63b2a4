import { expect } from "vitest";
import type { OutboxEntry } from "../lib/outbox";
import type { Harness } from "./harness";

/** What GET /dev/outbox answers: the stored message and when it was "sent". */
export type OutboxMessage = OutboxEntry;

/** The outbox (newest first), for one recipient or all. */
export async function outbox(h: Harness, recipient?: string): Promise<OutboxMessage[]> {
  const query = recipient === undefined ? "" : `?recipient=${encodeURIComponent(recipient)}`;
  const { status, body } = await h.call("GET", `/dev/outbox${query}`);
  expect(status).toBe(200);
  return body as OutboxMessage[];
}

/** The code of the newest message to the recipient: its six digits, or the `otp` of its magic link. */
export async function latestCode(h: Harness, recipient: string): Promise<string> {
  const [latest] = await outbox(h, recipient);
  expect(latest, `a message to ${recipient}`).toBeDefined();
  const code = latest!.code ?? new URL(latest!.link!).searchParams.get("otp");
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

/** Asks `/otp/generate` for a code and answers its token and the code that was "sent". */
export async function issueCode(h: Harness, recipient: string, channel: string, purpose: string) {
  const reply = await h.call("POST", "/otp/generate", { recipient, channel, purpose });
  expect(reply.status).toBe(200);
  return { token: reply.body.data.token as string, code: await latestCode(h, recipient) };
}

/** Validates a token with its code at `/otp/validate`, as the portal does once the user typed it. */
export async function validate(h: Harness, token: string, code: string): Promise<void> {
  const reply = await h.call("POST", "/otp/validate", { token, otp: code });
  expect(reply.status).toBe(200);
}

/** A code issued and validated: what registration takes as mailValidationToken / telephoneValidationToken. */
export async function verifiedCode(h: Harness, recipient: string, channel: string, purpose: string): Promise<string> {
  const { token, code } = await issueCode(h, recipient, channel, purpose);
  await validate(h, token, code);
  return token;
}

export function errorCodeOf(reply: { body: { message?: { errorCode?: string } } }): string | undefined {
  return reply.body.message?.errorCode;
}
