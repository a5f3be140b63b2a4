import type { ReactNode } from "react";

/** A record's facts as a definition list, term then value, in the order given (`.facts` lays them out). */
export function Facts({
  items,
  className,
}: {
  items: ReadonlyArray<readonly [string, ReactNode]>;
  className?: string;
}) {
  return (
    <dl className={className ? `facts ${className}` : "facts"}>
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
