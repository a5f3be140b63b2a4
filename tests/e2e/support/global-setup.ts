import { WORKERS, stackOf } from "./ports";

/**
 * Before the first test, each worker's portal is brought to the state a portal in service is in: an
 * agent signed in and the pages most tests open drawn once, so that the content and catalogue caches
 * and the upstream's first-request work are warm. A test then measures the portal, not its first
 * minute on a busy machine (a cold first page took over the upstream timeout there).
 */
export default async function globalSetup() {
  await Promise.all(Array.from({ length: WORKERS }, (_, index) => warm(`http://127.0.0.1:${stackOf(index).portal}`)));
}

async function warm(origin: string) {
  const signIn = await fetch(`${origin}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ username: "agent.usa", password: "Portal!2026", redirectTo: "" }),
    redirect: "manual",
  });
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0];
  if (signIn.status !== 302 || !cookie) throw new Error(`warming ${origin}: sign-in answered ${signIn.status}`);
  for (const path of [
    "/home",
    "/promotion/home",
    "/itinerary/results",
    "/insights/alert-centre",
    "/explore-our-fleet",
  ]) {
    const page = await fetch(`${origin}${path}`, { headers: { cookie } });
    await page.arrayBuffer();
  }
  // Signed out again: no test finds a sign-in it did not make.
  const signOut = await fetch(`${origin}/logout`, {
    method: "POST",
    headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
  if (signOut.status !== 302) throw new Error(`warming ${origin}: sign-out answered ${signOut.status}`);
}
