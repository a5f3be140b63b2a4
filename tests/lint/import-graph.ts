import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

// The import graph of the TypeScript sources, type-only imports included: import-x/no-cycle skips
// `import type`, so a cycle of types alone is found here (tests/lint/import-graph.test.ts).

/** Each file (relative to the root, `/`-separated) and the files of the tree it imports, in order. */
export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.tsx?$/;
const SKIPPED = new Set(["node_modules", "build", "data"]);

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sources(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** `~/…` is app/ (tsconfig's paths); `./…` and `../…` are relative; anything else is a package. */
function resolve(root: string, from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  const stem = base.replace(/\.js$/, "");
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((file) => SOURCE.test(file) && existsSync(file) && statSync(file).isFile());
}

/**
 * Every .ts/.tsx file under the folders and what it imports: `import`, `import type`, `export … from`,
 * `import()` and `require()`, as TypeScript's own pre-processor reads them.
 */
export function importGraph(root: string, folders: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  const name = (file: string) => path.relative(root, file).split(path.sep).join("/");
  for (const file of folders.flatMap((folder) => sources(path.join(root, folder)))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles.map((ref) => resolve(root, file, ref.fileName)).filter((t) => t !== undefined);
    graph.set(name(file), [...new Set(targets.map(name))]);
  }
  return graph;
}

/**
 * One cycle per knot of files that reach each other (a strongly connected component, Tarjan's), as the
 * path that goes round it: `[a, b, c, a]`. Empty when the graph has none.
 */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const knots: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const knot: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      knot.push(member);
    } while (member !== file);
    if (knot.length > 1 || graph.get(file)?.includes(file)) knots.push(knot);
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return knots.map((knot) => pathRound(graph, new Set(knot)));
}

/** The shortest way from the knot's first file (by name) back to itself, through the knot. */
function pathRound(graph: ImportGraph, knot: Set<string>): string[] {
  const start = [...knot].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!knot.has(next)) continue;
      if (next === start) {
        const way: string[] = [];
        for (let at = file; at !== start; at = cameFrom.get(at)!) way.unshift(at);
        return [start, ...way, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
