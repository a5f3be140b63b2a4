export const PORTAL_NAME = "Professional Portal";

/** Titles follow '{page name} | Professional Portal'; without a page name, the default title. */
export function pageTitle(pageName?: string): string {
  return pageName ? `${pageName} | ${PORTAL_NAME}` : PORTAL_NAME;
}
