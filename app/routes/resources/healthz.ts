/** Liveness for load balancers and the benchmark's bare route: no session, no upstream call. */
export function loader() {
  return new Response("ok", { headers: { "content-type": "text/plain", "cache-control": "no-store" } });
}
