import { describe, expect, it } from "vitest";
import { postFromThisSite } from "~/domain/post-origin";

const BALANCER = "http://127.0.0.1:5180";
const PRODUCTION = "https://portal.example.com";

describe("a post is from this site when its Origin (else Referer) names PUBLIC_ORIGIN or the Host it was sent to", () => {
  it.each([
    // [what, origin, referer, Host header, PUBLIC_ORIGIN, accepted]
    ["through a balancer on its own port, Host with the port", BALANCER, null, "127.0.0.1:5180", BALANCER, true],
    [
      "through a balancer whose Host lost the port (PUBLIC_ORIGIN names it)",
      BALANCER,
      null,
      "127.0.0.1",
      BALANCER,
      true,
    ],
    ["the balancer's address on another port", "http://127.0.0.1:5181", null, "127.0.0.1", BALANCER, false],
    ["PUBLIC_ORIGIN's host with another scheme", "https://127.0.0.1:5180", null, "127.0.0.1", BALANCER, false],
    ["behind TLS: https Origin, Host without a port", PRODUCTION, null, "portal.example.com", PRODUCTION, true],
    ["behind TLS: Host rewritten to an inner name", PRODUCTION, null, "10.0.0.5:3000", PRODUCTION, true],
    ["the demo on localhost", "http://localhost:3000", null, "localhost:3000", "http://localhost:3000", true],
    [
      "the demo on 127.0.0.1 (PUBLIC_ORIGIN says localhost)",
      "http://127.0.0.1:3000",
      null,
      "127.0.0.1:3000",
      "http://localhost:3000",
      true,
    ],
    ["Host in capitals", "http://localhost:3000", null, "LOCALHOST:3000", "http://localhost:9", true],
    ["Host with the scheme's default port", PRODUCTION, null, "portal.example.com:443", "http://x.example", true],
    ["another site", "https://evil.example", null, "portal.example.com", PRODUCTION, false],
    ["a look-alike host", "https://portal.example.com.evil.example", null, "portal.example.com", PRODUCTION, false],
    ["an Origin of null (sandboxed frame, file:)", "null", null, "portal.example.com", PRODUCTION, false],
    ["an empty Origin", "", null, "portal.example.com", PRODUCTION, false],
    ["garbage", "not a url", null, "portal.example.com", PRODUCTION, false],
    ["a non-web scheme naming the host", "ftp://portal.example.com", null, "portal.example.com", PRODUCTION, false],
    ["no Origin, a Referer of this site", null, `${BALANCER}/login?redirectTo=%2Fhome`, "127.0.0.1", BALANCER, true],
    [
      "no Origin, a Referer of another site",
      null,
      "https://evil.example/page",
      "portal.example.com",
      PRODUCTION,
      false,
    ],
    [
      "the Origin wins over the Referer",
      "https://evil.example",
      `${PRODUCTION}/home`,
      "portal.example.com",
      PRODUCTION,
      false,
    ],
    ["neither (a client that is no browser)", null, null, "portal.example.com", PRODUCTION, true],
    ["no Host header, an Origin of PUBLIC_ORIGIN", PRODUCTION, null, undefined, PRODUCTION, true],
    ["no Host header, another Origin", "https://evil.example", null, undefined, PRODUCTION, false],
  ] as const)("%s", (_what, origin, referer, host, publicOrigin, accepted) => {
    expect(postFromThisSite({ origin, referer }, { host, publicOrigin })).toBe(accepted);
  });
});
