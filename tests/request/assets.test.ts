import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { servePortal } from "./harness";

const portal = servePortal();
const ROOT = path.resolve(import.meta.dirname, "../..");
// A script only an earlier build shipped, as deploy/keep-assets.mjs leaves it (a name of this file's own).
const KEPT = path.join(ROOT, "build/kept-assets");
const earlier = `entry.client-earlier${process.pid}.js`;

afterAll(() => rmSync(path.join(KEPT, earlier), { force: true }));

describe("a rolling upgrade (decision 053): a page of the build before still gets its scripts", () => {
  it("an earlier build's hashed script is served, immutable, by an instance of this build", async () => {
    mkdirSync(KEPT, { recursive: true });
    writeFileSync(path.join(KEPT, earlier), "console.log('earlier build');");
    const answer = await portal.get(`/assets/${earlier}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("console.log('earlier build');");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("this build's own assets come first and are every one kept for the next build", async () => {
    const own = readdirSync(path.join(ROOT, "build/client/assets"));
    expect(own.length).toBeGreaterThan(0);
    expect(readdirSync(KEPT)).toEqual(expect.arrayContaining(own));
    const script = own.find((name) => name.endsWith(".js"))!;
    const answer = await portal.get(`/assets/${script}`);
    expect(answer.status).toBe(200);
  });

  it("an asset no build kept is a 404 (nginx tries the next instance; Remix reloads the page)", async () => {
    const answer = await portal.get("/assets/entry.client-neverbuilt.js");
    expect(answer.status).toBe(404);
  });
});
