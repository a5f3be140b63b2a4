/** The Travel Agent Guidelines of the Professional Portal (English in every language). */

export const TRAVEL_AGENT_GUIDELINES_VERSION = "2025-09-22T00:00:00.000Z";

export const TRAVEL_AGENT_GUIDELINES_HTML = `
<p><strong>Effective 22 September 2025.</strong> These Travel Agent Guidelines ("Guidelines") set out how travel
professionals are expected to sell, advertise and service cruises of Royal Caribbean International, Celebrity
Cruises and Silversea Cruises (each a "Brand"). They apply to every agency and agent with access to the Professional
Portal and form part of the <a href="/terms-of-use">Terms of Use</a>. Where your agency has a signed sales agreement
with a Brand, that agreement prevails if it conflicts with these Guidelines.</p>

<h2 id="principles">1. Our principles</h2>
<p>Our guests rely on you for honest advice, and we rely on you to represent our Brands accurately. We ask every
travel professional to:</p>
<ul>
  <li>put the interests of the guest first and recommend the sailing, stateroom and options that suit them;</li>
  <li>describe our ships, itineraries, fares and promotions accurately, using the information in the Portal;</li>
  <li>make sure guests know the terms that apply to their booking before they pay; and</li>
  <li>treat guests, our crew and our staff with courtesy and respect.</li>
</ul>

<h2 id="advertising">2. Advertising and pricing</h2>
<p>You may advertise our cruises in print, on your website, in e-mails and on social media, provided that:</p>
<ol>
  <li>every fare you advertise is one that is actually bookable in the Portal for the sailing, stateroom category
  and occupancy you state, and you show it in the currency of the guest's market;</li>
  <li>you state clearly whether taxes, fees and port expenses are included, and any other mandatory charges;</li>
  <li>you include the main restrictions of the promotion (for example the booking window, eligible sailings, whether
  the fare is refundable, and the deposit required), and you remove the advertisement when the promotion ends;</li>
  <li>you do not advertise fares that are restricted to particular groups, such as residents of certain states,
  seniors, military personnel, first responders or members of our loyalty programmes, to the general public;</li>
  <li>you do not advertise rebates or discounts below the published fare where the Brand's policy for your market
  prohibits it; and</li>
  <li>you include the Brand's ship registry statement wherever the Brand requires it.</li>
</ol>

<h2 id="trademarks">3. Using our names, logos and images</h2>
<p>You may use the Brand names, logos and the photographs and videos in the Image Library and Digital Brochures to
promote our cruises, on these conditions:</p>
<ul>
  <li>use the artwork as supplied, without altering colours, proportions or wording, and respect any usage dates and
  credits shown in the Image Library;</li>
  <li>make it clear that your agency is an independent travel agency, for example "Bayfront Cruise Vacations, an
  authorised seller of Royal Caribbean cruises", and never suggest that you are the Brand or part of Royal Caribbean
  Group;</li>
  <li>do not register or use domain names, social media handles, app names or paid-search keywords that contain a
  Brand name or ship name, or confusingly similar words; and</li>
  <li>do not use images of crew members or guests for any purpose other than promoting our cruises.</li>
</ul>

<h2 id="bookings">4. Making and managing bookings</h2>
<p>Every booking you make must be for a real guest who has asked you to make it. In particular:</p>
<ul>
  <li>enter each guest's full name exactly as it appears on their passport or other travel document, their date of
  birth and their citizenship, and check the travel documents they will need for the whole itinerary;</li>
  <li>do not place speculative, duplicate or placeholder bookings, or hold staterooms or group space you do not
  expect to sell; unsold group space must be released by the dates in your group contract;</li>
  <li>collect the deposit and final payment from your guest in good time and pass them to us by the due dates shown
  in the Portal and in the Insights alert centre; bookings not paid on time may be cancelled automatically;</li>
  <li>apply promotions, reduced rates and certificates only to guests who are eligible, and keep evidence of
  eligibility where the offer requires it, such as proof of age, residency, or service;</li>
  <li>give guests their booking confirmation and travel documents, and make sure they complete online check-in
  before sailing.</li>
</ul>

<h2 id="guest-data">5. Protecting guest information</h2>
<p>You act for your guests when you give us their personal data, and you must have their permission to do so.
Collect only what is needed for the booking, keep it secure, and use it only for their travel arrangements and, if
they agree, your own marketing. Tell your guests that the Brand will process their data under its guest privacy
notice. Never send full payment card details, passport scans or health information by ordinary e-mail; use the
secure forms in the Portal. Report any loss or unauthorised disclosure of guest data to us without delay.</p>

<h2 id="accessibility">6. Guests with special needs</h2>
<p>Ask guests early whether they need an accessible stateroom, medical equipment, dietary accommodations or other
assistance, and record their requests in the booking. Our access departments need notice to arrange some services,
so submit requests at least 45 days before sailing where you can. Never promise a service that has not been
confirmed by the Brand.</p>

<h2 id="commission">7. Commission and compensation</h2>
<p>Commission is paid on the cruise fare actually paid by the guest, excluding taxes, fees, port expenses and
other non-commissionable amounts, at the rate set out in your agency's agreement and the compensation programme for
your market. Commission is not earned on bookings that are cancelled, and we may recover commission paid on bookings
that are later cancelled, refunded or found not to comply with these Guidelines. Check your statements, future
compensation and onboard sales reports in Insights regularly, and raise any discrepancy within 90 days.</p>

<h2 id="groups">8. Group bookings</h2>
<p>Group space is offered under a separate group contract. Use the Group Travel Hub to manage names, payments and
amenities, meet the name and payment deadlines, and tell us promptly if the size of your group changes. Group
amenities and tour conductor credits are earned only on the number of fully paid guests who sail.</p>

<h2 id="conduct">9. Conduct and complaints</h2>
<p>If a guest has a complaint about their cruise, help them contact the Brand's guest relations team and share any
facts you know. Do not promise compensation on our behalf. Be courteous in all dealings with our staff; abusive
behaviour towards our employees or crew may lead to the suspension of your access.</p>

<h2 id="fam-trips">10. Familiarisation cruises, events and training</h2>
<p>We invite travel professionals to ship visits, familiarisation cruises, webinars and training so that they can
sell our Brands with confidence. Places are personal and may not be transferred. Reduced rates for travel
professionals are for the agent and the companions named in the offer only, and may not be resold.</p>

<h2 id="compliance">11. Compliance with the law</h2>
<p>You are responsible for complying with the laws that apply to your business, including consumer protection,
advertising, data protection, anti-bribery, sanctions and seller-of-travel laws, and for holding any licence, bond or
membership required in your market. You must not offer or accept anything of value to or from our employees to
influence a business decision.</p>

<h2 id="enforcement">12. How we enforce these Guidelines</h2>
<p>We review advertising and booking activity and may contact you if something appears not to follow these
Guidelines. Depending on how serious the issue is, we may:</p>
<ol>
  <li>ask you to correct an advertisement or booking within a set time;</li>
  <li>withhold or recover commission on the bookings concerned;</li>
  <li>withdraw access to particular promotions, reduced rates or tools; or</li>
  <li>suspend or end your access to the Portal and your agency's ability to book with our Brands.</li>
</ol>

<h2 id="contact">13. Questions</h2>
<p>Your business development manager and trade support are here to help. Contact
<a href="mailto:trade.support@example.com">trade.support@example.com</a> or call +1 800 555 0142. We update
these Guidelines from time to time, and the Portal shows the date of the current version at the top of this page.
Personal data is handled as described in our <a href="/privacy-policy">Privacy Policy</a>.</p>
`.trim();
