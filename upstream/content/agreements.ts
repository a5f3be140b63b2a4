import { pick, type Localized, type PageHandler } from "./types";

/** The agency sales agreement. Its `modified` date is the version an agency accepts when it registers. */
export const SALES_AGREEMENT_VERSION = "2026-02-01T00:00:00.000Z";

const TITLE: Localized = {
  en_us: "Agency Sales Agreement",
  fr_fr: "Contrat de vente de l'agence",
  de_de: "Vertriebsvereinbarung für Reisebüros",
  it_it: "Contratto di vendita per agenzie",
  es_xn: "Contrato de Vendas da Agência",
  zh_cn: "代理销售协议",
};

const HTML = `
<p><strong>Version of 1 February 2026.</strong> This Agency Sales Agreement (the "Agreement") is made between Royal
Caribbean Cruises Ltd. on behalf of its brands Royal Caribbean International, Celebrity Cruises and Silversea Cruises
("we" or "the Cruise Lines") and the travel agency that registers on the Professional Portal (the "Agency"). The person
who accepts it confirms that they may bind the Agency.</p>

<h2 id="appointment">1. Appointment</h2>
<p>We appoint the Agency as a non-exclusive sales agent to promote and sell cruises, cruise tours, pre- and post-cruise
packages and onboard products of the Cruise Lines to the public. The Agency acts for its clients when it books and for
us when it collects payments on our behalf. Nothing in this Agreement makes the Agency our employee, partner or
franchisee.</p>

<h2 id="obligations">2. What the Agency undertakes</h2>
<ul>
  <li>To hold every licence, registration and bond that the law of its country requires of a seller of travel, and to
  tell us at once if one lapses.</li>
  <li>To give clients accurate information about itineraries, fares, promotions and the guest ticket contract, and to
  pass on to them every document we send for their booking.</li>
  <li>To follow the <a href="/travel-agent-guidelines">Travel Agent Guidelines</a> and the
  <a href="/terms-of-use">Terms of Use</a> of the Professional Portal.</li>
  <li>To keep its agents' accounts personal: each person who books uses their own username and password.</li>
  <li>To protect the personal data of its clients as the <a href="/privacy-policy">Privacy Policy</a> and the law
  require.</li>
</ul>

<h2 id="payments">3. Payments and commission</h2>
<p>Deposits and final payments are due on the dates shown in each booking. Money the Agency collects for a booking
belongs to us until it is paid over. We pay commission on the cruise fare actually paid and not refunded, at the rates
of the commission schedule in force when the booking is made; taxes, fees, port expenses and non-commissionable fares
carry no commission. Commission on a cancelled booking is returned to us unless the cancellation charge covers it.</p>

<h2 id="promotions">4. Promotions and pricing</h2>
<p>The Agency may advertise our fares and promotions only as we publish them, with their terms, and may not advertise
below the fares we publish. Group space, reduced rates and certificates are used only for the clients and purposes for
which they were granted.</p>

<h2 id="brand">5. Use of our brands</h2>
<p>We grant the Agency a limited, revocable licence to use our names, logos and images from the Portal's image library
to promote our cruises, in the form we supply them. The Agency may not register domain names or social media accounts
that contain our brand names.</p>

<h2 id="term">6. Term and ending the Agreement</h2>
<p>This Agreement starts when we confirm the Agency's registration and continues until either party ends it with thirty
days' written notice. We may suspend the Agency's access at once if it breaks this Agreement, the law or the Travel
Agent Guidelines. Bookings made before the end are honoured under the terms in force when they were made.</p>

<h2 id="law">7. Liability and governing law</h2>
<p>Each party is responsible for its own acts and omissions. Neither party is liable for indirect or consequential loss.
This Agreement is governed by the laws of the State of Florida, United States, unless the law of the Agency's country
requires otherwise. Changes to this Agreement are published on the Portal with a new version date; continuing to sell
after a change means accepting it.</p>
`;

/** `agreements/sales-agreement`: `{title, modified, html, htmlLanguage}`; the text is English in every language. */
export const agreementPage: PageHandler = ({ locale, extra }) => {
  if (extra.length !== 1 || extra[0] !== "sales-agreement") return undefined;
  const fields = { title: pick(TITLE, locale), modified: SALES_AGREEMENT_VERSION, html: HTML, htmlLanguage: "en_us" };
  return { modified: SALES_AGREEMENT_VERSION, items: [fields], fields };
};
