/**
 * One list: its table, the columns an item is made of (they may use `@today`), its sort keys (each a column
 * or expression), the columns that break ties (ascending whatever the order), and how a row becomes an item.
 */
export type ListDef<Item = unknown> = {
  table: string;
  columns: string;
  sorts: Record<string, string>;
  ties: readonly string[];
  toItem: (row: Record<string, unknown>) => Item;
};
