import { LRUCache } from "lru-cache";
import sanitizeHtml from "sanitize-html";

/** Sanitising is pure, and the same content HTML comes back on every request for it: keep the results. */
const sanitized = new LRUCache<string, string>({
  maxSize: 4_000_000,
  sizeCalculation: (value, key) => value.length + key.length,
});

/**
 * Content (CMS) HTML is sanitised before it is rendered: document structure, text formatting, lists,
 * tables and links only; no scripts, styles, event handlers, frames or javascript: addresses.
 */
export function sanitizeContentHtml(html: string): string {
  let clean = sanitized.get(html);
  if (clean === undefined) {
    clean = sanitize(html);
    sanitized.set(html, clean);
  }
  return clean;
}

function sanitize(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      "h2",
      "h3",
      "h4",
      "h5",
      "p",
      "br",
      "hr",
      "ul",
      "ol",
      "li",
      "dl",
      "dt",
      "dd",
      "strong",
      "em",
      "b",
      "i",
      "u",
      "small",
      "sub",
      "sup",
      "blockquote",
      "code",
      "a",
      "abbr",
      "address",
      "section",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
      "caption",
    ],
    allowedAttributes: { a: ["href", "title", "hreflang", "rel"], abbr: ["title"], th: ["scope"], "*": ["id", "lang"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowProtocolRelative: false,
    transformTags: {
      // External links open normally but never hand our window to the other site.
      a: (tagName, attribs) => ({
        tagName,
        attribs: /^https?:/i.test(attribs.href ?? "") ? { ...attribs, rel: "noopener noreferrer" } : attribs,
      }),
    },
  });
}
