/**
 * The heading of every screen of the portal, by path (a `/*` entry covers its sub-paths). The content
 * service's introduction for a screen is found by the same key.
 */
export const SCREENS: Readonly<Record<string, string>> = {
  "/home": "Home",
  "/welcome": "Welcome to Professional Portal",
  "/super-user": "Super User Log in",
  "/super-user/agency-found": "Agency found",
  "/explore-our-fleet": "Explore our fleet",
  "/explore-our-fleet/*": "Ship details",
  "/promotion/home": "Promotions",
  "/promotion/brand": "Promotions by brand",
  "/promotion/results": "Promotion results",
  "/promotion/detail": "Promotion details",
  "/promotion/featured-offers": "Featured offers",
  "/promotion/archived-offers": "Archived offers",
  "/promotion/offers-list": "Offers list",
  "/insights/overview": "Insights overview",
  "/insights/alert-centre": "Alert centre",
  "/insights/coupon-application-details": "Coupon application details",
  "/insights/future-compensation": "Future compensation",
  "/insights/individual-and-group-reservations": "Individual and group reservations",
  "/insights/npc-transmission-details": "NPC transmission details",
  "/insights/set-up-automated-emails": "Set up automated emails",
  "/insights/onboard-sales": "Onboard sales",
  "/insights/casino-reservations": "Casino reservations",
  "/insights/price-drops": "Price drops",
  "/insights/view-another-branch": "View another branch",
  "/user-management": "User management",
  "/user-management/*": "User management",
  "/group-travel-hub": "Group Travel Hub",
  "/group-travel-hub/*": "Group Travel Hub",
  "/profile/info": "Your profile",
  "/profile/communications": "Communications",
  "/profile/agency": "Agency information",
  "/profile/security": "Security settings",
  "/certificate-redemption": "Certificate redemption",
  "/travel-docs": "Travel documents",
  "/travel-docs/*": "Travel documents",
  "/travel-docs/html/preview": "Travel document preview",
  "/alerts": "Alerts",
  "/reduced-rates": "Reduced rates",
  "/reduced-rates/*": "Reduced rates",
  "/itinerary/search": "Search itineraries",
  "/itinerary/results": "Itinerary results",
  "/itinerary/detail": "Itinerary details",
  "/itineraries/compare": "Compare itineraries",
  "/register": "Agent registration",
  "/register/stepper": "Agent registration",
  "/register-agency": "Agency registration",
  "/register-agency/stepper": "Agency registration",
  "/register-agency/stepperSuccess": "Agency registration sent",
  "/register-agency/verify": "Verify your agency",
  "/register-agency/email-sent": "Check your e-mail",
  "/register-agency/email-resend": "Send the e-mail again",
  "/register-agency/welcome": "Welcome to Professional Portal",
  "/register-agency/sales-agreement": "Sales agreement",
  "/account/forgot": "Forgot your username or password?",
  "/account/forgot/password": "Forgot your password?",
  "/account/forgot/password/email-verified": "E-mail verified",
  "/account/forgot/password/reset-password": "Choose a new password",
  "/account/forgot/password/reset-success": "Your password has been reset",
  "/account/forgot/username": "Forgot your username?",
  "/account/forgot/username/recovery": "Recover your username",
  "/account/forgot/username/phone-verification": "Verify your phone",
  "/terms-of-use": "Terms of use",
  "/privacy-policy": "Privacy policy",
  "/travel-agent-guidelines": "Travel agent guidelines",
};

/** The SCREENS key of a path: itself, or the nearest `/*` entry above it. */
export function screenKey(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path in SCREENS) return path;
  const parts = path.split("/");
  for (let n = parts.length - 1; n > 1; n--) {
    const key = `${parts.slice(0, n).join("/")}/*`;
    if (key in SCREENS) return key;
  }
  return undefined;
}

export function screenHeading(pathname: string): string | undefined {
  const key = screenKey(pathname);
  return key ? SCREENS[key] : undefined;
}
