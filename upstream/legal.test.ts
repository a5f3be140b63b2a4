import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CURRENT_TERMS_OF_USE_VERSION } from "./content/legal/index";
import { AGENTS } from "./db/demo-data";
import { DATABASE_FILE, openDatabase } from "./db/index";
import { migrations } from "./db/migrations";
import { startHarness, type Harness } from "./testing/harness";
import { undoRegistrationMigration } from "./testing/schema";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

async function tokenOf(username: string): Promise<string> {
  const login = await h.login(username);
  expect(login.status).toBe(200);
  return login.body.data.access_token;
}

const accepted = (policyType: string, policyVersion: string, policyLanguage = "en_us") => ({
  policyType,
  policyVersion,
  policyLanguage,
});

describe("GET /agents/legal-acceptance", () => {
  it("answers 401 INVALID_TOKEN without a valid access token", async () => {
    const login = await h.login("agent.usa");
    for (const headers of [{}, { authorization: "Bearer nonsense" }, h.bearer(login.body.data.refresh_token)]) {
      for (const method of ["GET", "POST"]) {
        const reply = await h.call(
          method,
          "/agents/legal-acceptance",
          method === "POST" ? { acceptedTerms: [] } : undefined,
          headers,
        );
        expect(reply.status).toBe(401);
        expect(reply.body.message.errorCode).toBe("INVALID_TOKEN");
      }
    }
  });

  it("shows the current terms of use accepted by every demo account but agent.terms", async () => {
    for (const username of ["agent.usa", "admin.can", "agent.bra", "agent.sgp", "rccl.admin"]) {
      const reply = await h.call("GET", "/agents/legal-acceptance", undefined, h.bearer(await tokenOf(username)));
      expect(reply.status, username).toBe(200);
      expect(reply.body).toEqual({ data: { acceptedTerms: [accepted("terms-of-use", CURRENT_TERMS_OF_USE_VERSION)] } });
    }
    const terms = await h.call("GET", "/agents/legal-acceptance", undefined, h.bearer(await tokenOf("agent.terms")));
    expect(terms.body).toEqual({ data: { acceptedTerms: [] } });
  });

  it("the stored version is the terms-of-use page's modified date", async () => {
    const page = await h.call("GET", "/api/royal/content/cruising-power/legal/terms-of-use?locale=en_us");
    expect(page.body.data.modified).toBe(CURRENT_TERMS_OF_USE_VERSION);
  });
});

describe("POST /agents/legal-acceptance", () => {
  it("stores the acceptances, one per policy, and answers them all", async () => {
    const token = await tokenOf("agent.terms");
    const first = await h.call(
      "POST",
      "/agents/legal-acceptance",
      {
        acceptedTerms: [
          accepted("terms-of-use", CURRENT_TERMS_OF_USE_VERSION),
          accepted("privacy-policy", "2025-11-03", "FR_FR"),
        ],
      },
      h.bearer(token),
    );
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      data: {
        acceptedTerms: [
          accepted("terms-of-use", CURRENT_TERMS_OF_USE_VERSION),
          accepted("privacy-policy", "2025-11-03", "fr_fr"),
        ],
      },
    });

    // A newer version replaces the earlier one for that policy only.
    const second = await h.call(
      "POST",
      "/agents/legal-acceptance",
      {
        acceptedTerms: [
          accepted("travel-agent-guidelines", "2025-09-22T00:00:00.000Z", "de_de"),
          accepted("terms-of-use", "2026-06-01T00:00:00.000Z"),
        ],
      },
      h.bearer(token),
    );
    expect(second.body.data.acceptedTerms).toEqual([
      accepted("terms-of-use", "2026-06-01T00:00:00.000Z"),
      accepted("travel-agent-guidelines", "2025-09-22T00:00:00.000Z", "de_de"),
      accepted("privacy-policy", "2025-11-03", "fr_fr"),
    ]);
    const read = await h.call("GET", "/agents/legal-acceptance", undefined, h.bearer(token));
    expect(read.body).toEqual(second.body);

    // Other agents are untouched.
    const other = await h.call("GET", "/agents/legal-acceptance", undefined, h.bearer(await tokenOf("agent.usa")));
    expect(other.body.data.acceptedTerms).toEqual([accepted("terms-of-use", CURRENT_TERMS_OF_USE_VERSION)]);
  });

  it("refuses a bad body with 400 INVALID_REQUEST and stores nothing", async () => {
    const token = await tokenOf("agent.terms");
    const bad: unknown[] = [
      {},
      { acceptedTerms: [] },
      { acceptedTerms: "terms-of-use" },
      { acceptedTerms: [accepted("cookie-policy", "2026-01-15")] },
      { acceptedTerms: [accepted("terms-of-use", "yesterday")] },
      { acceptedTerms: [accepted("terms-of-use", "2026-13-45")] },
      { acceptedTerms: [accepted("terms-of-use", "1768435200000")] },
      { acceptedTerms: [accepted("terms-of-use", CURRENT_TERMS_OF_USE_VERSION, "klingon")] },
      { acceptedTerms: [{ policyType: "terms-of-use", policyVersion: CURRENT_TERMS_OF_USE_VERSION }] },
      { acceptedTerms: [accepted("terms-of-use", CURRENT_TERMS_OF_USE_VERSION), accepted("privacy-policy", "x")] },
      "not json",
    ];
    for (const body of bad) {
      const reply = await h.call("POST", "/agents/legal-acceptance", body, h.bearer(token));
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message.errorCode).toBe("INVALID_REQUEST");
    }
    const read = await h.call("GET", "/agents/legal-acceptance", undefined, h.bearer(token));
    expect(read.body.data.acceptedTerms).toEqual([]);
  });

  it("POST /dev/reset restores agent.terms to no acceptance and the others to the current version", async () => {
    const termsToken = await tokenOf("agent.terms");
    const usaToken = await tokenOf("agent.usa");
    await h.call(
      "POST",
      "/agents/legal-acceptance",
      { acceptedTerms: [accepted("terms-of-use", CURRENT_TERMS_OF_USE_VERSION)] },
      h.bearer(termsToken),
    );
    await h.call(
      "POST",
      "/agents/legal-acceptance",
      { acceptedTerms: [accepted("terms-of-use", "2020-01-01")] },
      h.bearer(usaToken),
    );
    expect((await h.call("POST", "/dev/reset")).status).toBe(200);
    expect(
      (await h.call("GET", "/agents/legal-acceptance", undefined, h.bearer(termsToken))).body.data.acceptedTerms,
    ).toEqual([]);
    expect(
      (await h.call("GET", "/agents/legal-acceptance", undefined, h.bearer(usaToken))).body.data.acceptedTerms,
    ).toEqual([accepted("terms-of-use", CURRENT_TERMS_OF_USE_VERSION)]);
  });
});

describe("the legal-acceptance migration", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "upstream-legal-test-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("backfills the demo acceptances into a database seeded before it", () => {
    // A database as the first release left it: migration 1 only, seeded.
    const fresh = openDatabase(dataDir);
    undoRegistrationMigration(fresh.db);
    fresh.db.exec("DROP TABLE legal_acceptances");
    fresh.db.prepare("DELETE FROM schema_migrations WHERE version >= 2").run();
    fresh.db.close();

    const reopened = openDatabase(dataDir);
    expect(reopened.seeded).toBe(false);
    const versions = reopened.db.prepare("SELECT version FROM schema_migrations ORDER BY version").all();
    expect(versions).toEqual(migrations.map((m) => ({ version: m.version })));
    const rows = reopened.db.prepare("SELECT agent_id FROM legal_acceptances ORDER BY agent_id").all() as Array<{
      agent_id: string;
    }>;
    expect(rows.map((r) => r.agent_id)).toEqual(
      AGENTS.filter((a) => a.username !== "agent.terms")
        .map((a) => a.agentId)
        .sort(),
    );
    // Both backfills run when one start applies both migrations.
    expect(reopened.db.prepare("SELECT abta_number FROM agencies WHERE agency_id = 'AG100104'").get()).toEqual({
      abta_number: "P7104",
    });
    reopened.db.close();

    // Reopening again changes nothing.
    const again = new Database(join(dataDir, DATABASE_FILE));
    expect((again.prepare("SELECT count(*) AS n FROM legal_acceptances").get() as { n: number }).n).toBe(
      AGENTS.length - 1,
    );
    again.close();
  });
});
