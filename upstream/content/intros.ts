import { PUBLIC_INTROS } from "./intros-public";
import { pick, type PageHandler } from "./types";

export const INTROS_MODIFIED = "2026-02-09T00:00:00.000Z";

/**
 * Introductions of the signed-in screens, in English for every language (the translation feature flag
 * restricts translation to registration). Keys are route paths without the leading slash.
 */
const APP_INTROS: Record<string, { title: string; text: string }> = {
  home: {
    title: "Welcome back",
    text: "Your alerts, notifications and tools in one place. Pick up where you left off, or start a new search.",
  },
  welcome: {
    title: "Welcome to the Professional Portal",
    text: "Everything you need to sell Royal Caribbean, Celebrity Cruises and Silversea is here. Take a moment to check your profile before you start.",
  },
  "super-user": {
    title: "Super User Log in",
    text: "Find an agency by phone or ABTA number to see the portal as its agents do.",
  },
  "super-user/agency-found": {
    title: "Agency found",
    text: "Check that this is the agency you are looking for, then continue to act on its behalf.",
  },
  "explore-our-fleet": {
    title: "Explore Our Fleet",
    text: "Discover every ship of our three brands: decks, staterooms, dining and activities, to match each guest with the right ship.",
  },
  "promotion/home": {
    title: "Promotions",
    text: "Search current offers across our brands by sailing, destination and guest eligibility.",
  },
  "promotion/brand": {
    title: "Promotions by Brand",
    text: "Choose a brand to see its current offers, brochures and sales materials.",
  },
  "promotion/results": {
    title: "Promotion Results",
    text: "The sailings that match your search, with the offers that apply to each. Refine the filters to narrow them down.",
  },
  "promotion/detail": {
    title: "Promotion Details",
    text: "Everything about this offer: eligible sailings, booking window, terms and how to apply it.",
  },
  "promotion/featured-offers": {
    title: "Featured Offers",
    text: "Our headline offers this week, ready to share with your clients.",
  },
  "promotion/archived-offers": {
    title: "Archived Offers",
    text: "Offers that have ended, kept for reference when you service existing bookings.",
  },
  "promotion/offers-list": {
    title: "All Offers",
    text: "Every current offer in one list, sortable by brand, type and end date.",
  },
  insights: {
    title: "Insights",
    text: "Reports on your agency's bookings, payments due, credits and compensation.",
  },
  "insights/overview": {
    title: "Insights Overview",
    text: "A summary of your agency's bookings and the alerts that need attention in the coming days.",
  },
  "insights/alert-centre": {
    title: "Alert Centre",
    text: "Payments due, expiring deposits and offers, credits and other booking alerts, filtered by type and timeframe.",
  },
  "insights/coupon-application-details": {
    title: "Coupon Application Details",
    text: "The coupons applied to your bookings and their status.",
  },
  "insights/future-compensation": {
    title: "Future Compensation",
    text: "Commission you can expect from upcoming sailings, and future cruise credits your guests can still redeem.",
  },
  "insights/individual-and-group-reservations": {
    title: "Individual and Group Reservations",
    text: "All of your agency's reservations, individual and group, open and confirmed.",
  },
  "insights/npc-transmission-details": {
    title: "NPC Transmission Details",
    text: "The status of the booking data transmitted to your agency's back-office systems.",
  },
  "insights/set-up-automated-emails": {
    title: "Set Up Automated Emails",
    text: "Choose which booking reminders we e-mail to you automatically, and how often.",
  },
  "insights/onboard-sales": {
    title: "Onboard Sales",
    text: "Pre-cruise purchases your guests have made, such as beverage packages and excursions, and the commission they earn.",
  },
  "insights/casino-reservations": {
    title: "Casino Reservations",
    text: "Bookings made through our casino programmes for your agency's guests.",
  },
  "insights/view-another-branch": {
    title: "View Another Branch",
    text: "Switch to the insights of another branch of your agency.",
  },
  "user-management": {
    title: "User Management",
    text: "Approve, update and deactivate the portal accounts of your agency's agents.",
  },
  "group-travel-hub": {
    title: "Group Travel Hub",
    text: "Manage your group space: names, payments, amenities and deadlines.",
  },
  profile: {
    title: "Profile",
    text: "Your personal details, communication preferences, agency information and security settings.",
  },
  "profile/info": {
    title: "Your Profile",
    text: "Keep your name, contact details and photo up to date.",
  },
  "profile/communications": {
    title: "Communications",
    text: "Choose which e-mails and text messages you receive from us.",
  },
  "profile/agency": {
    title: "Agency Information",
    text: "The details we hold about your agency. Contact your agency administrator to change them.",
  },
  "profile/security": {
    title: "Security Settings",
    text: "Change your password and the ways you receive verification codes.",
  },
  "certificate-redemption": {
    title: "Certificate Redemption",
    text: "Redeem cruise certificates and vouchers for your guests' bookings.",
  },
  "travel-docs": {
    title: "Travel Documents",
    text: "Download and share your guests' cruise documents, luggage tags and itineraries.",
  },
  "travel-docs/html/preview": {
    title: "Travel Document Preview",
    text: "A preview of the document as your guest will see it.",
  },
  alerts: {
    title: "Alerts",
    text: "Current service alerts for our brands: itinerary changes, maintenance and other news that affects your bookings.",
  },
  "reduced-rates": {
    title: "Reduced Rates",
    text: "Special cruise rates for travel professionals and their companions.",
  },
  "itinerary/search": {
    title: "Itineraries",
    text: "Search sailings by brand, ship, destination, date and guests.",
  },
  "itinerary/results": {
    title: "Itinerary Results",
    text: "The sailings that match your search, with prices for each stateroom category.",
  },
  "itinerary/detail": {
    title: "Itinerary Details",
    text: "Day-by-day ports, prices and availability for this sailing.",
  },
  "itineraries/compare": {
    title: "Compare Itineraries",
    text: "Compare up to three sailings side by side.",
  },
  error: {
    title: "Something went wrong",
    text: "We could not show this page. Please try again, or go back to the home page.",
  },
};

/** Every screen that has an introduction. */
export const INTRO_SCREENS = [...Object.keys(PUBLIC_INTROS), ...Object.keys(APP_INTROS)];

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function findScreen(screen: string): string | undefined {
  const wanted = screen.toLowerCase();
  return INTRO_SCREENS.find((key) => key.toLowerCase() === wanted);
}

/**
 * `intro/{screen}` (screen = route path, may hold slashes; matched case-insensitively):
 * `{screen, title, html}`. Public screens are translated; signed-in screens are English.
 */
export const introPage: PageHandler = ({ locale, extra }) => {
  const key = extra.length > 0 ? findScreen(extra.join("/")) : undefined;
  if (key === undefined) return undefined;
  const publicIntro = PUBLIC_INTROS[key];
  const appIntro = APP_INTROS[key];
  const title = publicIntro ? pick(publicIntro.title, locale) : (appIntro?.title ?? "");
  const text = publicIntro ? pick(publicIntro.text, locale) : (appIntro?.text ?? "");
  const fields = {
    screen: key,
    title,
    html: `<p>${escapeHtml(text)}</p>`,
    htmlLanguage: publicIntro ? locale : "en_us",
  };
  return { modified: INTROS_MODIFIED, items: [fields], fields };
};
