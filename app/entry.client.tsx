import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { keyFragmentEntries } from "~/components/history-keys";

// Remix's own client entry, with one addition: fragment links' history entries get keys of their own.
keyFragmentEntries();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
