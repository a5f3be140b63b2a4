/** What a page of an upstream list says about itself. */
export type Paged = { items: readonly unknown[]; pageCount: number };

/**
 * A page past the last (a hand-edited or stale link) shows the last, with a notice naming how many
 * pages of `what` there are; every paged list of the business screens reads its page through here.
 */
export async function lastPageIfPast<P extends Paged>(
  page: number,
  read: (page: number) => Promise<P>,
  what: string,
): Promise<{ found: P; page: number; notice: string | null }> {
  const found = await read(page);
  if (found.items.length > 0 || found.pageCount === 0 || page <= found.pageCount) return { found, page, notice: null };
  const pages = found.pageCount === 1 ? "is 1 page" : `are ${found.pageCount} pages`;
  return {
    found: await read(found.pageCount),
    page: found.pageCount,
    notice: `There ${pages} of ${what}, so this is the last.`,
  };
}

/** lastPageIfPast for a search that holds its page: the page shown goes back into it, the notice into `notices`. */
export async function readSearchPage<P extends Paged>(
  search: { page: number },
  read: (page: number) => Promise<P>,
  what: string,
  notices: string[],
): Promise<P> {
  const paged = await lastPageIfPast(search.page, read, what);
  search.page = paged.page;
  if (paged.notice) notices.push(paged.notice);
  return paged.found;
}
