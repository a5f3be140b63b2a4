import { BRAND_CODES, BRAND_TAGS, type PageHandler } from "./types";

export const TAGS_MODIFIED = "2025-06-02T00:00:00.000Z";

/**
 * `tags/brands` (or `tags?path=brands`): the brand tags. Brand names are proper nouns and read the
 * same in every language.
 */
export const tagsPage: PageHandler = ({ extra, query }) => {
  const path = extra.length > 0 ? extra.join("/") : (query("path") ?? "");
  if (path.toLowerCase() !== "brands") return undefined;
  return {
    modified: TAGS_MODIFIED,
    items: BRAND_CODES.map((code) => ({ id: BRAND_TAGS[code].id, title: BRAND_TAGS[code].title, code })),
    fields: { path: "brands" },
  };
};
