import type { Config } from "../config";
import type { Db } from "../db/database";
import type { Clock } from "./clock";
import type { Keys } from "./keys";
import type { Logger } from "./logger";
import type { TokenService } from "./tokens";

/** Everything a route module needs; built once by `createApp`. */
export type Deps = {
  db: Db;
  config: Config;
  keys: Keys;
  clock: Clock;
  logger: Logger;
  tokens: TokenService;
};

/**
 * Who made the request, set by the bearer-token middleware. `actor`: the super user (and their name)
 * when the sign-in acts for the agent's agency, else null.
 */
export type AuthInfo = {
  agentId: string;
  username: string;
  sid: string;
  actor: { agentId: string; name: string; username: string } | null;
};

export type AppEnv = { Variables: { auth: AuthInfo } };
