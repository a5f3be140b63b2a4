import { runInNewContext } from "node:vm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./testing/harness";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

async function open(path: string, harness: Harness = h) {
  const response = await harness.app.request(path);
  return { status: response.status, html: await response.text(), headers: response.headers };
}

async function remoteToken(applicationId: string): Promise<string> {
  const login = await h.login("agent.usa");
  const reply = await h.call(
    "GET",
    `/redirect?applicationId=${applicationId}`,
    undefined,
    h.bearer(login.body.data.access_token),
  );
  expect(reply.status).toBe(200);
  return reply.body.data.remoteAccessToken;
}

const TOOLS: Array<[string, string]> = [
  ["quote", "eQuote"],
  ["verb", "Verb"],
  ["commerce", "Commerce"],
  ["group-tool", "Group Travel Tool"],
  ["friends", "Friends and Family"],
  ["hotels", "Hotels"],
  ["cruise-planner", "Cruise Planner"],
  ["digital-brochures", "Digital Brochures"],
  ["image-library", "Image Library"],
];

describe("GET /partners/{tool}", () => {
  it("answers an accessible stand-in page for every partner tool, with the legacy pages' headers", async () => {
    for (const [tool, name] of TOOLS) {
      const { status, html, headers } = await open(`/partners/${tool}`);
      expect(status, tool).toBe(200);
      expect(headers.get("content-type")).toMatch(/^text\/html/);
      expect(html).toContain('<html lang="en">');
      expect(html).toContain(`<title>${name} | Partner tool</title>`);
      expect(html).toContain(`<h1>${name} (partner tool stand-in)</h1>`);
      expect(html).toContain("No parameters were received.");
      expect(html).toContain('data-valid="false"');
      expect(headers.get("cache-control")).toBe("no-store");
      expect(headers.get("referrer-policy")).toBe("no-referrer");
      expect(headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("lists the parameters and verifies the token (z), showing only its first 12 characters", async () => {
    const token = await remoteToken("HOTELS");
    const { html } = await open(`/partners/hotels?p=HOTELS&z=${token}&agency_id=AG100101&tagent_id=1000001`);
    expect(html).toContain("<dt>p</dt><dd>HOTELS</dd>");
    expect(html).toContain(`<dt>z</dt><dd>${token.slice(0, 12)}…</dd>`);
    expect(html).not.toContain(token);
    expect(html).toContain("<dt>agency_id</dt><dd>AG100101</dd>");
    expect(html).toContain("<dt>tagent_id</dt><dd>1000001</dd>");
    expect(html).toContain('data-valid="true"');
    expect(html).toContain("agent.usa (agent 1000001), application HOTELS");
  });

  it("reads the token from sso (quote, Verb) and tokenId (group tool)", async () => {
    const quote = await open(`/partners/quote?p=EQUOTE&sso=${await remoteToken("EQUOTE")}`);
    expect(quote.html).toContain('data-valid="true"');
    expect(quote.html).toContain("The token in “sso” is valid");
    const verb = await open(`/partners/verb?p=VERB&sso=${await remoteToken("EQUOTE")}`);
    expect(verb.html).toContain('data-valid="true"');
    const group = await open(`/partners/group-tool?tokenId=${await remoteToken("GROUP-TOOL")}`);
    expect(group.html).toContain('data-valid="true"');
    const commerce = await open(`/partners/commerce?p=COMMERCE&cur=USD&z=${await remoteToken("COMMERCE")}`);
    expect(commerce.html).toContain('data-valid="true"');
    expect(commerce.html).toContain("<dt>cur</dt><dd>USD</dd>");
  });

  it("says a token is not valid when forged, expired or for another tool", async () => {
    const hotels = await remoteToken("HOTELS");
    expect((await open(`/partners/commerce?z=${hotels}`)).html).toContain('data-valid="false"');
    expect((await open("/partners/hotels?z=not-a-token")).html).toContain("is not valid");
    const forged = await new SignJWT({ username: "agent.usa", typ: "remote", target: "HOTELS" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1000001")
      .setJti("x")
      .setIssuedAt()
      .setExpirationTime("2m")
      .sign(new Uint8Array(32).fill(7));
    expect((await open(`/partners/hotels?z=${forged}`)).html).toContain('data-valid="false"');
    h.clock.advance(3 * 60_000);
    expect((await open(`/partners/hotels?z=${hotels}`)).html).toContain('data-valid="false"');
  });

  it("escapes every name and value", async () => {
    const evil = encodeURIComponent('<script>alert("x")</script>');
    const { html } = await open(
      `/partners/hotels?${evil}=${evil}&q=a%26b%27c&z=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E`,
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("<dt>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</dt>");
    expect(html).toContain("<dd>a&amp;b&#39;c</dd>");
    expect(html).toContain("<dt>z</dt><dd>&lt;img src=x o…</dd>");
  });

  it("answers a 404 page for an unknown tool", async () => {
    for (const path of ["/partners/espresso", "/partners/HOTELS", "/partners/__proto__"]) {
      const { status, html } = await open(path);
      expect(status, path).toBe(404);
      expect(html).toContain("There is no such partner tool.");
    }
  });

  it("is served in production mode too", async () => {
    const production = startHarness({ mode: "production" });
    try {
      expect((await open("/partners/hotels", production)).status).toBe(200);
      expect((await open("/chat/vendor.js", production)).status).toBe(200);
    } finally {
      production.close();
    }
  });
});

/** Just enough of a DOM to run the vendor script. */
function fakeDom() {
  type Node = {
    tagName: string;
    id: string;
    textContent: string;
    type?: string;
    style: Record<string, string>;
    attributes: Record<string, string>;
    children: Node[];
    parentNode: Node | null;
    listeners: Record<string, () => void>;
    setAttribute(name: string, value: string): void;
    appendChild(child: Node): Node;
    removeChild(child: Node): Node;
    addEventListener(type: string, listener: () => void): void;
  };
  const create = (tagName: string): Node => ({
    tagName: tagName.toUpperCase(),
    id: "",
    textContent: "",
    style: {},
    attributes: {},
    children: [],
    parentNode: null,
    listeners: {},
    setAttribute(name, value) {
      this.attributes[name] = value;
    },
    appendChild(child) {
      this.children.push(child);
      child.parentNode = this;
      return child;
    },
    removeChild(child) {
      this.children = this.children.filter((c) => c !== child);
      child.parentNode = null;
      return child;
    },
    addEventListener(type, listener) {
      this.listeners[type] = listener;
    },
  });
  const body = create("body");
  const find = (node: Node, id: string): Node | null =>
    node.id === id ? node : node.children.reduce<Node | null>((found, child) => found ?? find(child, id), null);
  const document = {
    body,
    documentElement: body,
    createElement: create,
    getElementById: (id: string) => find(body, id),
  };
  return { window: {} as Record<string, unknown>, document, body };
}

describe("GET /chat/vendor.js", () => {
  it("is JavaScript any origin may load", async () => {
    const { status, headers, html: script } = await open("/chat/vendor.js");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(headers.get("access-control-allow-origin")).toBe("*");
    expect(script).toContain("window.LatteVendor");
    expect(script.length).toBeLessThan(4000);
  });

  it("shows a chat panel on init (greeting the agent) and removes it on shutdown", async () => {
    const { html: script } = await open("/chat/vendor.js");
    const dom = fakeDom();
    runInNewContext(script, { window: dom.window, document: dom.document });
    const vendor = dom.window.LatteVendor as { init(options: unknown): void; shutdown(): void };
    expect(typeof vendor.init).toBe("function");

    vendor.init({ firstName: "Olivia", token: "t", latteKey: "latte-demo-1000001" });
    expect(dom.body.children).toHaveLength(1);
    const panel = dom.body.children[0]!;
    expect(panel.tagName).toBe("SECTION");
    expect(panel.attributes["aria-label"]).toBe("Chat assistant");
    expect(panel.style.position).toBe("fixed");
    const [heading, close, greeting] = panel.children;
    expect(heading!.tagName).toBe("H2");
    expect(close!.tagName).toBe("BUTTON");
    expect(close!.attributes["aria-label"]).toBe("Close chat");
    expect(greeting!.textContent).toBe("Hi Olivia, how can we help you today?");

    vendor.init({ firstName: "<b>Olivia</b>" });
    expect(dom.body.children).toHaveLength(1);
    expect(dom.body.children[0]!.children[2]!.textContent).toBe("Hi <b>Olivia</b>, how can we help you today?");

    vendor.shutdown();
    expect(dom.body.children).toHaveLength(0);
    vendor.shutdown();

    let closed = false;
    vendor.init({ onClose: () => (closed = true) });
    expect(dom.body.children[0]!.children[2]!.textContent).toBe("Hi there, how can we help you today?");
    dom.body.children[0]!.children[1]!.listeners.click!();
    expect(dom.body.children).toHaveLength(0);
    expect(closed).toBe(true);
  });
});
