/** The Terms of Use of the Professional Portal (English in every language). */

export const TERMS_OF_USE_VERSION = "2026-01-15T00:00:00.000Z";

export const TERMS_OF_USE_HTML = `
<p><strong>Effective 15 January 2026.</strong> These Terms of Use ("Terms") govern your access to and use of the
Professional Portal (the "Portal"), the online service that Royal Caribbean Group and its brands Royal Caribbean
International, Celebrity Cruises and Silversea Cruises (together "we", "us" or "our") make available to travel
professionals who sell our cruises. Please read them carefully. By signing in, registering or otherwise using the
Portal you agree to these Terms, to our <a href="/privacy-policy">Privacy Policy</a> and to our
<a href="/travel-agent-guidelines">Travel Agent Guidelines</a>, which form part of these Terms.</p>

<h2 id="who-may-use">1. Who may use the Portal</h2>
<p>The Portal is a business-to-business service. It is intended only for travel agents, travel agencies, host
agencies, consortia and their employees or independent contractors who sell cruise vacations to members of the
public, and for our own staff who support them. You may use the Portal only if:</p>
<ul>
  <li>you are at least 18 years old and able to enter into a binding contract;</li>
  <li>you work for, or on behalf of, a travel agency that is registered with us and holds the licences, bonds and
  registrations required where it does business (for example ABTA membership in the United Kingdom, or seller of
  travel registration in states of the United States that require it);</li>
  <li>the information you give us when you register, and later, is true, accurate, current and complete; and</li>
  <li>you are not located in, ordinarily resident in, or acting for a person in a country or territory subject to
  comprehensive sanctions, and you are not named on a sanctions list maintained by the United States, the United
  Kingdom, the European Union or the United Nations.</li>
</ul>
<p>We may refuse, suspend or end registration for any agency or agent at our discretion, in particular where we
cannot verify the information provided or where we believe the account is being misused.</p>

<h2 id="accounts">2. Your account and security</h2>
<p>Each agent receives a personal account. Your username and password are for you alone and must never be shared,
even with colleagues at the same agency. Agency administrators can request separate accounts for every person who
needs access. You are responsible for all activity that takes place under your account. In particular you must:</p>
<ol>
  <li>choose a strong password that you do not use on any other website, and change it at once if you suspect that
  someone else knows it;</li>
  <li>keep the e-mail address and mobile phone number on your profile up to date, because we use them to send
  one-time verification codes and to recover your account;</li>
  <li>sign out when you finish, especially on shared or public computers; the Portal also signs you out after 30
  minutes without activity;</li>
  <li>tell us without delay at <a href="mailto:trade.support@example.com">trade.support@example.com</a> if you
  believe your account has been used without your permission.</li>
</ol>
<p>After five unsuccessful sign-in attempts in a row your account is locked to protect it. You can unlock it by
resetting your password from the sign-in page or by contacting trade support.</p>

<h2 id="permitted-use">3. Permitted use</h2>
<p>We grant you a limited, personal, revocable, non-exclusive and non-transferable right to use the Portal for the
sole purpose of researching, quoting, booking, managing and servicing cruise vacations with our brands on behalf of
your clients, and of managing your agency's relationship with us. Within that purpose you may:</p>
<ul>
  <li>search itineraries, fares and promotions and share them with your clients;</li>
  <li>create, modify and pay for reservations for clients who have authorised you to act for them;</li>
  <li>download guest travel documents, brochures and approved marketing images for use in your own marketing,
  subject to the <a href="/travel-agent-guidelines">Travel Agent Guidelines</a>;</li>
  <li>view reports about your agency's bookings, commissions and compensation.</li>
</ul>

<h2 id="prohibited-use">4. What you must not do</h2>
<p>You must not, and must not allow anyone else to:</p>
<ul>
  <li>make speculative, duplicate or fictitious reservations, or hold inventory you do not intend to sell;</li>
  <li>use automated tools such as robots, scrapers or crawlers to access the Portal, copy fares or availability, or
  place bookings, except through integrations we have approved in writing;</li>
  <li>resell, sublicense or give access to the Portal, its content or its data to any third party, including other
  agencies or online platforms;</li>
  <li>attempt to probe, scan or test the vulnerability of the Portal, to bypass its security or access controls, or
  to interfere with its operation, for example by overloading it;</li>
  <li>upload viruses or other harmful code, or content that is unlawful, defamatory, discriminatory or infringes
  anyone's rights;</li>
  <li>use the information of our guests for any purpose other than servicing their own reservations; or</li>
  <li>present yourself as an employee of Royal Caribbean Group, or suggest that we endorse your agency, beyond what
  the Travel Agent Guidelines allow.</li>
</ul>
<p>Breach of this section is a serious matter. It may lead to the immediate suspension of your account and your
agency's access, the cancellation of affected reservations and the recovery of any commission paid on them.</p>

<h2 id="bookings">5. Bookings, prices and commission</h2>
<p>Every reservation made through the Portal is subject to the cruise ticket contract and the booking terms and
conditions of the brand concerned, which you must make available to your clients before they book. Fares,
promotions, taxes, fees and availability change frequently and are not guaranteed until a reservation is confirmed
and the required deposit has been received. We make reasonable efforts to display accurate information, but if a
fare is displayed in obvious error we may correct it and offer your client the choice of the correct fare or a full
refund.</p>
<p>Commission and other compensation are paid in accordance with your agency's agreement with us and the
compensation programme in force in your market. Insights reports, including future compensation and onboard sales
figures, are provided for information and may be adjusted when reservations are cancelled, modified or audited.</p>

<h2 id="content">6. Our content and intellectual property</h2>
<p>The Portal and everything in it, including text, photographs, videos, ship plans, logos, trademarks, software and
the selection and arrangement of that material, belong to Royal Caribbean Group or its licensors and are protected by
copyright, trademark and other laws. The names and logos of Royal Caribbean International, Celebrity Cruises,
Silversea and their ships are registered trademarks. Except as these Terms or the Travel Agent Guidelines expressly
allow, you may not copy, modify, distribute, publish or create derivative works from any of it.</p>

<h2 id="partner-tools">7. Partner tools and other websites</h2>
<p>The Portal links to tools operated by us or by our partners, such as hotel booking, cruise planning, digital
brochures, the image library, group tools and the chat assistant. Some of them open in a new window and sign you in
automatically. Those tools may have their own terms, which apply in addition to these Terms. We are not responsible
for websites or services run by third parties that the Portal links to.</p>

<h2 id="availability">8. Availability and changes to the Portal</h2>
<p>We aim to keep the Portal available at all times, but we do not guarantee that it will be uninterrupted or free
from errors. We carry out maintenance from time to time and announce planned work in the Portal's alert bar where we
can. We may change, add or remove features, tools and content, or restrict access to some features to certain
markets, roles or agencies, at any time.</p>

<h2 id="liability">9. Disclaimers and limitation of liability</h2>
<p>The Portal is provided "as is" and "as available". To the fullest extent permitted by law we exclude all
warranties, whether express or implied, including warranties of merchantability, fitness for a particular purpose
and non-infringement. To the fullest extent permitted by law, we will not be liable for any indirect, incidental,
special or consequential loss, for loss of profits, revenue, business or goodwill, or for loss or corruption of data,
arising out of or in connection with your use of the Portal. Nothing in these Terms limits liability that cannot be
limited by law, such as liability for fraud or for death or personal injury caused by negligence.</p>

<h2 id="indemnity">10. Indemnity</h2>
<p>You and your agency agree to indemnify us against claims, losses and costs, including reasonable legal fees,
that arise from your breach of these Terms or of the Travel Agent Guidelines, or from information you gave a client
that was inconsistent with the information we published.</p>

<h2 id="suspension">11. Suspension and termination</h2>
<p>You may stop using the Portal at any time. We may suspend or terminate your access, with or without notice, if
you breach these Terms, if your agency's registration lapses or is withdrawn, if your account has not been used for
more than 24 months, or if we are required to do so by law. Sections 5, 6, 9, 10 and 13 continue to apply after
your access ends.</p>

<h2 id="changes">12. Changes to these Terms</h2>
<p>We may update these Terms from time to time. Each version is identified by its effective date. When we publish a
new version, the Portal asks you to read and accept it the next time you sign in, and you cannot continue to use the
signed-in areas of the Portal until you do. We record the version you accepted, the date and the language.</p>

<h2 id="law">13. Governing law and disputes</h2>
<p>These Terms are governed by the laws of the State of Florida, United States of America, without regard to its
conflict-of-law rules, unless the law of the country where your agency is established requires otherwise. The
courts located in Miami-Dade County, Florida, have exclusive jurisdiction over any dispute arising from them, except
that we may seek urgent relief in any court of competent jurisdiction to protect our intellectual property or the
security of the Portal.</p>

<h2 id="contact">14. Contact</h2>
<p>If you have any questions about these Terms, please contact Trade Support, Royal Caribbean Group, 1050 Caribbean
Way, Miami, Florida 33132, United States, or write to
<a href="mailto:trade.support@example.com">trade.support@example.com</a>. Questions about personal data are
answered by our privacy team as described in the <a href="/privacy-policy">Privacy Policy</a>.</p>
`.trim();
