// The portal's front door: one port, round-robin over the portal processes behind it, and the
// client's address appended to X-Forwarded-For (remix-serve gives loaders no socket address; the
// rate limits need it). In production a load balancer plays this part.
import http from "node:http";

const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"];

/**
 * @param {{ host?: string, port: number, targets: () => number[] }} options targets() lists the
 *   ports of the processes that are up right now.
 */
export function startFrontProxy({ host, port, targets }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  let turn = 0;

  const server = http.createServer((req, res) => {
    if (crossSitePost(req)) return refuse(res);
    const ports = targets();
    if (ports.length === 0) return unavailable(res);
    const target = ports[turn++ % ports.length];

    const headers = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    const address = req.socket.remoteAddress ?? "unknown";
    headers["x-forwarded-for"] = headers["x-forwarded-for"] ? `${headers["x-forwarded-for"]}, ${address}` : address;

    const forward = http.request(
      { host: "127.0.0.1", port: target, method: req.method, path: req.url, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => unavailable(res));
    req.pipe(forward);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, host);
  return server;
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A form posted from another site (CSRF). The portal checks it too; here it gets a clear page. */
function crossSitePost(req) {
  const origin = req.headers.origin;
  if (!UNSAFE.has(req.method ?? "") || origin === undefined) return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true; // "null" and garbage origins
  }
}

function refuse(res) {
  res.writeHead(403, {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
  });
  res.end(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Refused | Professional Portal</title></head>' +
      '<body><main><h1>Refused</h1><p>This form was sent from another site and was refused.</p>' +
      '<p><a href="/home">Go to the home page</a></p></main></body></html>',
  );
}

function unavailable(res) {
  if (res.headersSent) return res.destroy();
  res.writeHead(503, { "content-type": "text/plain; charset=utf-8", "retry-after": "2" });
  res.end("The portal is restarting. Please try again in a moment.");
}
