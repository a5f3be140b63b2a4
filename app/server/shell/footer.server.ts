import { z } from "zod";
import { footerLinks } from "~/domain/footer";
import type { Locale } from "~/domain/language";
import { contentHref, contentImageSrc } from "~/domain/redirect";
import { getOptionalContent } from "~/server/clients/content.server";

const image = z.object({
  path: z.string(),
  description: z.string().default(""),
  width: z.number().optional(),
  height: z.number().optional(),
});
const footerSchema = z.object({
  footerLogo: image.optional(),
  subsidiaryLogos: z.array(image).default([]),
  copyrightText: z.string().default(""),
});
const navSchema = z.object({
  items: z.array(z.object({ key: z.string(), label: z.string(), href: z.string(), public: z.boolean().default(true) })),
});

type ContentImage = z.infer<typeof image>;

/** A content image with an address the page may draw (contentImageSrc), else null. */
function drawable(logo: ContentImage | undefined): ContentImage | null {
  const path = contentImageSrc(logo?.path);
  return logo && path ? { ...logo, path } : null;
}

/** The footer's content for every layout; a content outage leaves the footer's defaults. */
export async function loadFooter(locale: Locale, signedIn: boolean) {
  const [footer, nav] = await Promise.all([
    getOptionalContent("footer", { locale, schema: footerSchema }),
    getOptionalContent("footer-navigation", { locale, schema: navSchema }),
  ]);
  return {
    logo: drawable(footer?.footerLogo),
    subsidiaryLogos: (footer?.subsidiaryLogos ?? []).flatMap((logo) => drawable(logo) ?? []),
    copyright: footer?.copyrightText || `© ${new Date().getFullYear()} Royal Caribbean Group`,
    links: footerLinks(nav?.items ?? [], signedIn).filter((l) => contentHref(l.href) !== null),
  };
}

export type Footer = Awaited<ReturnType<typeof loadFooter>>;
