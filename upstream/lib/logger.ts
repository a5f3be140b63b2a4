/** One line per event. The default writes to stdout (info) and stderr (error). */
export type Logger = { info(line: string): void; error(line: string): void };

export const consoleLogger: Logger = {
  info: (line) => console.log(line),
  error: (line) => console.error(line),
};

export const silentLogger: Logger = { info: () => {}, error: () => {} };

/** Folds a value onto one line for the log (no newlines, bounded length). */
export function oneLine(text: string, max = 500): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
