import { useHydrated } from "~/components/use-hydrated";

/**
 * "Print" for a page with a print stylesheet. The button needs JavaScript; without it the page says
 * to use the browser's own Print, which gives the same printout.
 */
export function PrintButton({ label = "Print" }: { label?: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return <p className="muted no-print">To print, use your browser&apos;s Print command.</p>;
  return (
    <button type="button" className="button no-print" onClick={() => window.print()}>
      {label}
    </button>
  );
}
