import { createCookie } from "@remix-run/node";
import { z } from "zod";
import type { Unit } from "~/domain/weather";
import { env } from "~/server/infra/env.server";

/**
 * Widget settings: weather and currencyConverter, both on by default, plus the
 * temperature unit the agent chose (none chosen → the country's default). Kept per agent
 * in one preferences cookie, `pp_widgets`, as JSON keyed by username (a shared computer keeps each
 * agent's choice); a value that does not parse (tampered, old) reads as the defaults.
 */
export type WidgetSettings = { weather: boolean; currencyConverter: boolean; unit: Unit | null };

export const DEFAULT_WIDGET_SETTINGS: WidgetSettings = { weather: true, currencyConverter: true, unit: null };

/** Agents remembered in one browser's cookie; the least recently saved are dropped. */
const MAX_AGENTS = 5;

const settingsSchema = z.object({
  weather: z.boolean(),
  currencyConverter: z.boolean(),
  unit: z.enum(["m", "f"]).nullable().default(null),
});
const cookieSchema = z.record(z.string().min(1).max(200), settingsSchema);

export const widgetCookie = createCookie("pp_widgets", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: env.cookieSecure,
  maxAge: 60 * 60 * 24 * 365,
});

async function readAll(request: Request): Promise<Record<string, WidgetSettings>> {
  try {
    const parsed = cookieSchema.safeParse(await widgetCookie.parse(request.headers.get("Cookie")));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export async function readWidgetSettings(request: Request, username: string): Promise<WidgetSettings> {
  const all = await readAll(request);
  return Object.hasOwn(all, username) ? all[username]! : { ...DEFAULT_WIDGET_SETTINGS };
}

/** The Set-Cookie header that stores this agent's settings with `change` applied. */
export async function saveWidgetSettings(
  request: Request,
  username: string,
  change: Partial<WidgetSettings>,
): Promise<string> {
  const all = await readAll(request);
  const current = Object.hasOwn(all, username) ? all[username]! : DEFAULT_WIDGET_SETTINGS;
  const next = settingsSchema.parse({ ...current, ...change });
  delete all[username];
  const kept = Object.entries(all).slice(-(MAX_AGENTS - 1));
  return widgetCookie.serialize(Object.fromEntries([...kept, [username, next]]));
}
