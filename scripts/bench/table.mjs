// The one table `npm run bench` prints: what, figure, budget, status, in aligned columns.
const formatFigure = (row) =>
  row.text ?? (typeof row.figure === "number" ? `${row.figure}${row.unit ? ` ${row.unit}` : ""}` : row.figure);

export function printTable(rows) {
  const header = { what: "what", figure: "figure", budget: "budget", status: "status" };
  const lines = [
    header,
    ...rows.map((r) => ({ what: r.what, figure: formatFigure(r), budget: r.budget, status: r.status })),
  ];
  const width = (key) => Math.max(...lines.map((l) => l[key].length));
  const w = { what: width("what"), figure: width("figure"), budget: width("budget"), status: width("status") };
  const format = (l) =>
    `${l.what.padEnd(w.what)}  ${l.figure.padStart(w.figure)}  ${l.budget.padEnd(w.budget)}  ${l.status}`;
  console.log(format(header));
  console.log(`${"─".repeat(w.what)}  ${"─".repeat(w.figure)}  ${"─".repeat(w.budget)}  ${"─".repeat(w.status)}`);
  for (const line of lines.slice(1)) console.log(format(line));
}
