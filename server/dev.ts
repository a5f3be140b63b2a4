import { createServer } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import { prepareEnvironment } from "./primary";
import { settings } from "./settings";
import { superviseUpstream } from "./upstream";

/** Development: one process, Vite's dev server for the app and its assets, the embedded upstream. */
export async function runDev(root: string): Promise<void> {
  process.env.NODE_ENV ??= "development";
  const demo = prepareEnvironment(root);
  const upstream = demo ? superviseUpstream({ root, env: process.env, url: process.env.API_URL! }) : null;
  await upstream?.ready();
  const vite = await import("vite");
  const viteServer = await vite.createServer({ root, server: { middlewareMode: true } });
  const { createApp } = await import("./app");
  const app = createApp({
    build: () => viteServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>,
    before: [viteServer.middlewares],
  });
  const server = createServer(app).listen({ port: settings.port, host: settings.host }, () =>
    console.log(`[server] development portal at ${process.env.PUBLIC_ORIGIN}`),
  );
  const stop = async () => {
    server.close();
    await viteServer.close();
    await upstream?.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
