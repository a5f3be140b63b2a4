import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  getWithCookie,
  mswUpstream,
  portalEnv,
  profile,
  signedInSession,
  statusOf,
  thrown,
  upstreamMock,
} from "./harness";

/**
 * The profile photo. The one upload path (/profile/photo) with its own body limit, the
 * bytes checked by their magic numbers, the upstream's 413 and 400 as clear messages, the profile
 * forgotten after a change, and uploaded photos served on the portal's own origin.
 */
const env = portalEnv();
const photoRoute = await import("~/routes/profile/photo");
const avatarRoute = await import("~/routes/resources/agent-photo");
const { sessionStorage } = await import("~/server/infra/session.server");
const { cachedProfile } = await import("~/server/auth/session-state.server");
const { PHOTO_OUTCOMES, PHOTO_BODY_LIMIT } = await import("~/domain/agent-photo");
const { photoSrc } = await import("~/server/clients/agency.server");
const { loadShell } = await import("~/server/shell/shell.server");
const { profileSchema } = await import("~/server/clients/api.server");

const API = "http://upstream.test";
const calls: string[] = [];
const uploads: Array<{ type: string | null; bytes: Uint8Array }> = [];
const server = mswUpstream(env, [calls, uploads]);

const details = (overrides: Record<string, unknown> = {}) => ({
  agentId: "200001",
  firstName: "Avery",
  lastName: "Stone",
  email: "agent.usa@example.com",
  mobilePhone: "+13055550142",
  jobTitle: null,
  yearsIndustry: null,
  specializations: [],
  regions: [],
  cliaAgentId: null,
  homeBasedAgent: false,
  espressoLanguage: "en_us",
  emailPreference: true,
  mobilePreference: false,
  primaryMFA: "EMAIL",
  secondaryMFA: "NONE",
  photoUrl: "/agents/200001/photo.jpg?v=8",
  version: 8,
  ...overrides,
});

const upstream = upstreamMock(server, calls, () => [
  http.get(`${API}/api/royal/content/*`, () => HttpResponse.json({}, { status: 404 })),
]);
const storesPhoto = () =>
  http.put(`${API}/agents/200001/photo`, async ({ request }) => {
    uploads.push({ type: request.headers.get("content-type"), bytes: new Uint8Array(await request.arrayBuffer()) });
    return HttpResponse.json({ data: details() });
  });

/** A tiny JPEG's first bytes (the magic number is what the portal checks; the upstream decodes). */
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);

/** A multipart post to /profile/photo as the browser sends it (a document form unless `fetch`). */
function photoPost(
  cookie: string,
  fields: Array<[string, string | Blob, string?]>,
  { fetch = false, path = "/profile/photo" }: { fetch?: boolean; path?: string } = {},
) {
  const form = new FormData();
  for (const [name, value, filename] of fields) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, filename ?? "photo");
  }
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, origin: "http://localhost", accept: fetch ? "*/*" : "text/html,application/xhtml+xml" },
    body: form,
  });
}
const args = (request: Request) => ({ request, params: {}, context: {} });
const agent = () => signedInSession({ profile: profile() });
const run = async (request: Request) => (await photoRoute.action(args(request))) as Response | { outcome: string };
const outcomeOf = async (request: Request) => ((await run(request)) as { outcome: string }).outcome;

describe("POST /profile/photo: the checks the portal makes before the upstream sees a byte", () => {
  it("a file that is not a JPEG or PNG by its bytes is refused, whatever type it declares", async () => {
    upstream(storesPhoto());
    const { cookie } = await agent();
    const text = new Blob(["just some words, not a picture"], { type: "image/png" });
    expect(await outcomeOf(photoPost(cookie, [["photo", text, "me.png"]], { fetch: true }))).toBe("not-image");
    expect(uploads).toHaveLength(0);
    expect(PHOTO_OUTCOMES["not-image"]).toBe("The photo must be a JPEG or PNG image.");
  });

  it("a photo over 5 MB is refused as too large, read to its end but never kept or sent on", async () => {
    upstream(storesPhoto());
    const { cookie } = await agent();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(JPEG);
    expect(
      await outcomeOf(
        photoPost(cookie, [["photo", new Blob([big], { type: "image/jpeg" }), "big.jpg"]], { fetch: true }),
      ),
    ).toBe("too-large");
    expect(uploads).toHaveLength(0);
    expect(PHOTO_OUTCOMES["too-large"]).toBe("The photo is larger than 5 MB. Please choose a smaller one.");
  });

  it("no file chosen says so; a body that is not a multipart form is not sent either", async () => {
    upstream();
    const { cookie } = await agent();
    const empty = new Blob([], { type: "application/octet-stream" });
    expect(await outcomeOf(photoPost(cookie, [["photo", empty, ""]], { fetch: true }))).toBe("missing");
    const urlencoded = new Request("http://localhost/profile/photo", {
      method: "POST",
      headers: { Cookie: cookie, "content-type": "application/x-www-form-urlencoded" },
      body: "photo=abc",
    });
    expect(await outcomeOf(urlencoded)).toBe("unsent");
    expect(calls.filter((c) => c.includes("/photo"))).toEqual([]);
  });

  it("a declared body over the upload limit is refused with 413 before it is read; other paths keep 64 KB", async () => {
    const { cookie } = await agent();
    const declared = (path: string, length: number) =>
      new Request(`http://localhost${path}`, {
        method: "POST",
        headers: {
          Cookie: cookie,
          "content-length": String(length),
          "content-type": "multipart/form-data; boundary=x",
        },
        body: "--x--",
      });
    expect(statusOf(await thrown(photoRoute.action(args(declared("/profile/photo", PHOTO_BODY_LIMIT + 1)))))).toBe(413);
    const info = await import("~/routes/profile/info");
    expect(statusOf(await thrown(info.action(args(declared("/profile/info", 100 * 1024)))))).toBe(413);
    // The upload path takes a body of a few megabytes (it goes on to be read: here, not a real form).
    upstream();
    expect(await outcomeOf(declared("/profile/photo", 3 * 1024 * 1024))).toBe("missing");
  });
});

describe("POST /profile/photo: the upstream's verdict", () => {
  it("a JPEG goes to PUT /agents/{id}/photo as its bytes and type; the profile is read again", async () => {
    upstream(storesPhoto());
    const { cookie, id } = await agent();
    const jpeg = new Blob([JPEG], { type: "application/octet-stream" });
    expect(await outcomeOf(photoPost(cookie, [["photo", jpeg, "me.jpg"]], { fetch: true }))).toBe("saved");
    expect(uploads).toEqual([{ type: "image/jpeg", bytes: JPEG }]);
    // The cached profile is gone, so the header's AGENT_HOMEPAGE_PHOTO is the new one on the next page.
    const session = await sessionStorage.getSession(cookie);
    expect(session.id).toBe(id);
    expect(cachedProfile.read(session)).toBeUndefined();
  });

  it("a PNG goes as image/png", async () => {
    upstream(storesPhoto());
    const { cookie } = await agent();
    await outcomeOf(photoPost(cookie, [["photo", new Blob([PNG]), "me.png"]], { fetch: true }));
    expect(uploads[0]?.type).toBe("image/png");
  });

  it.each([
    [413, "PAYLOAD_TOO_LARGE", "too-large"],
    [400, "INVALID_IMAGE", "unreadable"],
    [500, "INTERNAL_ERROR", "failed"],
  ])("an upstream %i %s is said as %s, never a 500", async (status, errorCode, outcome) => {
    upstream(
      http.put(`${API}/agents/200001/photo`, () =>
        HttpResponse.json({ message: { message: "no", errorCode } }, { status }),
      ),
    );
    const { cookie } = await agent();
    expect(await outcomeOf(photoPost(cookie, [["photo", new Blob([JPEG]), "me.jpg"]], { fetch: true }))).toBe(outcome);
  });

  it("the upstream being down is a failed update, said in the form", async () => {
    upstream(http.put(`${API}/agents/200001/photo`, () => HttpResponse.error()));
    const { cookie } = await agent();
    expect(await outcomeOf(photoPost(cookie, [["photo", new Blob([JPEG]), "me.jpg"]], { fetch: true }))).toBe("failed");
    expect(PHOTO_OUTCOMES.failed).toBe("Error updating agent information");
  });

  it("Remove photo is DELETE /agents/{id}/photo", async () => {
    upstream(http.delete(`${API}/agents/200001/photo`, () => HttpResponse.json({ data: details({ photoUrl: null }) })));
    const { cookie } = await agent();
    expect(await outcomeOf(photoPost(cookie, [["intent", "remove"]], { fetch: true }))).toBe("removed");
    expect(calls).toContain("DELETE /agents/200001/photo");
  });
});

describe("POST /profile/photo without JavaScript: back to the page it came from, with the outcome", () => {
  it.each([
    ["/profile/info", "saved", "/profile/info?photo=saved"],
    ["/welcome?redirectTo=%2Falerts", "saved", "/welcome?redirectTo=%2Falerts&photo=saved"],
    ["https://evil.example/welcome", "saved", "/profile/info?photo=saved"],
    ["//evil.example/welcome", "saved", "/profile/info?photo=saved"],
  ])("returnTo %s", async (returnTo, _outcome, location) => {
    upstream(storesPhoto());
    const { cookie } = await agent();
    const response = (await run(
      photoPost(cookie, [
        ["returnTo", returnTo],
        ["photo", new Blob([JPEG]), "me.jpg"],
      ]),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(location);
  });

  it("a refused photo comes back with its message's code, the page's other state untouched", async () => {
    upstream();
    const { cookie } = await agent();
    const response = (await run(
      photoPost(cookie, [
        ["returnTo", "/welcome"],
        ["photo", new Blob(["GIF89a"]), "me.gif"],
      ]),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/welcome?photo=not-image");
  });
});

describe("uploaded photos on the portal's origin", () => {
  it("the profile's upstream path becomes /agent-photos; the demo's own images and https: stay; anything else is not shown", () => {
    expect(photoSrc("/agents/1000001/photo.jpg?v=12")).toBe("/agent-photos/1000001.jpg?v=12");
    expect(photoSrc("/images/agents/agent-usa.jpg")).toBe("/images/agents/agent-usa.jpg");
    expect(photoSrc("https://cdn.example.com/a.jpg")).toBe("https://cdn.example.com/a.jpg");
    for (const bad of ["javascript:alert(1)", "//evil.example/a.jpg", "http://upstream/a.jpg", "", null]) {
      expect(photoSrc(bad)).toBeNull();
    }
  });

  it("the header shows the photo through the portal, else the initials", async () => {
    upstream();
    const withPhoto = profileSchema.parse(
      profile({ agentPhotos: [{ type: "AGENT_HOMEPAGE_PHOTO", fullPath: "/agents/200001/photo.jpg?v=8" }] }),
    );
    expect((await loadShell(withPhoto, "en_us")).account).toMatchObject({
      photo: "/agent-photos/200001.jpg?v=8",
      initials: "AS",
    });
    const without = profileSchema.parse(profile({ agentPhotos: [] }));
    expect((await loadShell(without, "en_us")).account).toMatchObject({ photo: null, initials: "AS" });
  });

  it("GET /agent-photos/{id}.jpg?v= passes the upstream's JPEG on, kept for good when v is the current upload", async () => {
    const jpeg = new Uint8Array([...JPEG, 1, 2, 3]);
    upstream(
      http.get(
        `${API}/agents/200001/photo.jpg`,
        ({ request }) =>
          new HttpResponse(jpeg, {
            headers: {
              "content-type": "image/jpeg",
              "cache-control":
                new URL(request.url).searchParams.get("v") === "8" ? "public, max-age=31536000, immutable" : "no-cache",
            },
          }),
      ),
    );
    const { cookie } = await agent();
    const get = (path: string) =>
      avatarRoute.loader({ ...args(getWithCookie(cookie, path)), params: { file: path.split("/")[2]!.split("?")[0] } });
    const current = await get("/agent-photos/200001.jpg?v=8");
    expect(current.status).toBe(200);
    expect(current.headers.get("content-type")).toBe("image/jpeg");
    expect(current.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(new Uint8Array(await current.arrayBuffer())).toEqual(jpeg);
    expect((await get("/agent-photos/200001.jpg?v=7")).headers.get("cache-control")).toBe("private, no-cache");
    expect(calls).toContain("GET /agents/200001/photo.jpg?v=8");
  });

  it("a bad name, no version, no photo or the upstream down: 404 or 503, never a 500", async () => {
    upstream(
      http.get(`${API}/agents/200001/photo.jpg`, () =>
        HttpResponse.json({ message: { errorCode: "NOT_FOUND" } }, { status: 404 }),
      ),
    );
    const { cookie } = await agent();
    const get = (file: string, query = "?v=1") =>
      avatarRoute.loader({ ...args(getWithCookie(cookie, `/agent-photos/${file}${query}`)), params: { file } });
    expect((await get("200001.jpg")).status).toBe(404);
    expect((await get("200001.jpg", "")).status).toBe(404);
    expect((await get("..%2F..%2Fetc.jpg")).status).toBe(404);
    upstream(http.get(`${API}/agents/200001/photo.jpg`, () => HttpResponse.error()));
    expect((await get("200001.jpg")).status).toBe(503);
  });

  it("another agent's photo is not served, and the upstream is not asked for it", async () => {
    upstream();
    const { cookie } = await agent();
    const response = await avatarRoute.loader({
      ...args(getWithCookie(cookie, "/agent-photos/200002.jpg?v=1")),
      params: { file: "200002.jpg" },
    });
    expect(response.status).toBe(404);
    expect(calls.filter((c) => c.includes("/photo.jpg"))).toEqual([]);
  });

  it("signed out, a photo is not served", async () => {
    const response = await thrown(
      avatarRoute.loader({
        ...args(new Request("http://localhost/agent-photos/200001.jpg?v=1")),
        params: { file: "200001.jpg" },
      }),
    );
    expect((response as Response).status).toBe(302);
  });
});
