import { ApiError } from "./errors";
import { oneLine, type Logger } from "./logger";

/** A real service (weather, exchange rates) failed, answered garbage or took too long. */
export function providerUnavailable(what: string, status: 502 | 504 = 502): ApiError {
  return new ApiError(
    status,
    "PROVIDER_UNAVAILABLE",
    status === 504
      ? `The ${what} service did not answer in time. Please try again later.`
      : `The ${what} service is not available. Please try again later.`,
  );
}

export type ProviderReply = { status: number; body: unknown };

/**
 * GETs JSON from a real service with a time limit. A timeout answers 504 PROVIDER_UNAVAILABLE; a
 * network failure, a 5xx or a body that is not JSON answers 502 PROVIDER_UNAVAILABLE (one log line
 * each, without the URL's query, which may hold an access key). Other statuses are the caller's.
 */
export async function getJson(
  url: URL,
  options: { what: string; timeoutMs: number; logger: Logger },
): Promise<ProviderReply> {
  const where = `${url.origin}${url.pathname}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    options.logger.error(
      oneLine(
        `${options.what} provider ${where}: ${timedOut ? `no answer in ${options.timeoutMs} ms` : String(error)}`,
      ),
    );
    throw providerUnavailable(options.what, timedOut ? 504 : 502);
  }
  if (response.status >= 500) {
    options.logger.error(oneLine(`${options.what} provider ${where}: HTTP ${response.status}`));
    // Release the connection without waiting for the rest of the body.
    response.body?.cancel().catch(() => undefined);
    throw providerUnavailable(options.what);
  }
  try {
    return { status: response.status, body: await response.json() };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    options.logger.error(
      oneLine(`${options.what} provider ${where}: ${timedOut ? "body timed out" : "answer is not JSON"}`),
    );
    throw providerUnavailable(options.what, timedOut ? 504 : 502);
  }
}
