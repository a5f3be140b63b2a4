/** The Privacy Policy of the Professional Portal (English in every language). */

export const PRIVACY_POLICY_VERSION = "2025-11-03T00:00:00.000Z";

export const PRIVACY_POLICY_HTML = `
<p><strong>Last updated 3 November 2025.</strong> This Privacy Policy explains how Royal Caribbean Group and its
brands Royal Caribbean International, Celebrity Cruises and Silversea Cruises ("we", "us" or "our") collect, use,
share and protect personal data about travel professionals who use the Professional Portal (the "Portal"), and the
choices and rights you have. It applies alongside our <a href="/terms-of-use">Terms of Use</a>. The personal data
of guests that you enter when you make a reservation is handled under the guest privacy notice of the brand
concerned, which you must bring to your clients' attention.</p>

<h2 id="controller">1. Who is responsible for your data</h2>
<p>Royal Caribbean Cruises Ltd., 1050 Caribbean Way, Miami, Florida 33132, United States, is the controller of the
personal data described in this policy. Where the law of your country requires a local representative, our local
office in that country acts as our representative. You can reach our privacy team at
<a href="mailto:privacy@example.com">privacy@example.com</a>.</p>

<h2 id="what-we-collect">2. The personal data we collect</h2>
<p>We collect the following categories of personal data about you:</p>
<ul>
  <li><strong>Registration and profile data:</strong> your name, business e-mail address, mobile and office phone
  numbers, job title, agency role, years in the travel industry, preferred language, profile photo, CLIA, ABTA or
  other industry identifiers, and the regions, brands and types of travel you specialise in.</li>
  <li><strong>Agency data:</strong> the name, address, phone number, business model and consortium or host agency of
  the agency you work for, and your agency's identifiers with us.</li>
  <li><strong>Account and security data:</strong> your username, a securely hashed form of your password, one-time
  verification codes that we send you (stored only in hashed form and deleted after they expire), the dates and
  times you sign in, failed sign-in attempts and the policies you have accepted.</li>
  <li><strong>Usage data:</strong> the pages you visit, the searches you run, the tools you open, the notifications
  you dismiss, your widget settings and location for the weather widget, your browser and device type, and your IP
  address.</li>
  <li><strong>Transaction data:</strong> the reservations you create or manage, the quotes you send, and the
  commission and other compensation paid to your agency.</li>
  <li><strong>Communications:</strong> your messages to trade support, your conversations with the chat assistant,
  and your e-mail and text-message preferences.</li>
</ul>
<p>Most of this data comes from you. Some comes from your agency administrator, from industry bodies that verify
agency credentials, and from the partner tools you use through the Portal.</p>

<h2 id="how-we-use">3. How we use your data and why</h2>
<p>We use your personal data for the following purposes, on the legal bases shown:</p>
<ol>
  <li><strong>To provide the Portal</strong>, create and secure your account, verify your identity and your agency's
  credentials, and let you research, quote, book and manage cruises. This is necessary to perform our agreement with
  you and your agency.</li>
  <li><strong>To pay commission</strong> and other compensation, keep accounting records and meet tax obligations.
  This is necessary to perform our agreement and to comply with legal obligations.</li>
  <li><strong>To protect the Portal and our guests</strong>: we detect and prevent fraud, misuse and security
  incidents, lock accounts after repeated failed sign-ins, and screen registrations against sanctions lists. This is
  in our legitimate interests and, for sanctions screening, required by law.</li>
  <li><strong>To improve the Portal</strong>: we analyse how the Portal is used so that we can fix problems and make
  features easier to use. This is in our legitimate interests; we use aggregated data wherever we can.</li>
  <li><strong>To keep you informed</strong> about itinerary changes, promotions, training and events for travel
  professionals. Where the law requires consent for marketing e-mails or text messages, we ask for it when you
  register and you can withdraw it at any time in your communication preferences.</li>
</ol>

<h2 id="sharing">4. Who we share your data with</h2>
<p>We do not sell your personal data. We share it only as follows:</p>
<ul>
  <li>within Royal Caribbean Group, so that each brand can support the bookings you make with it;</li>
  <li>with your agency administrator, who can see the agent accounts of your agency and your booking activity;</li>
  <li>with service providers who host the Portal, send e-mails and text messages, provide the chat assistant and
  analyse usage, under contracts that require them to protect the data and use it only on our instructions;</li>
  <li>with the operators of partner tools that you choose to open, to the extent needed to sign you in and provide
  the tool;</li>
  <li>with consortia and host agencies that your agency belongs to, limited to the booking and compensation data
  that their agreements with us cover; and</li>
  <li>with authorities, courts and advisers where the law requires it or where it is necessary to establish,
  exercise or defend legal claims.</li>
</ul>

<h2 id="transfers">5. International transfers</h2>
<p>We are based in the United States, and our service providers operate in several countries. When we transfer
personal data from the European Economic Area, the United Kingdom, Switzerland or another country with data-transfer
rules, we rely on an adequacy decision where one exists, or on standard contractual clauses approved by the
authorities together with additional safeguards. You can ask us for a copy of the relevant safeguards.</p>

<h2 id="retention">6. How long we keep your data</h2>
<p>We keep your profile and account data for as long as your account is active and for 24 months after its last
use, after which we delete or anonymise it. We keep transaction and commission records for the period required by
tax and accounting law, generally seven years. Security logs are kept for up to 13 months. One-time verification
codes are deleted shortly after they expire.</p>

<h2 id="security">7. How we protect your data</h2>
<p>We protect your personal data with technical and organisational measures appropriate to the risk, including
encryption of data in transit, credentials encrypted before they leave the sign-in page, hashed passwords and codes,
automatic sign-out after 30 minutes of inactivity, access controls based on roles and tools, and regular security
testing. No system is completely secure, so please help us by keeping your password to yourself and telling us at
once about any suspected misuse of your account.</p>

<h2 id="cookies">8. Cookies and local storage</h2>
<p>The Portal uses a strictly necessary session cookie that keeps you signed in; it is marked as secure and cannot
be read by scripts. We also store your language, widget settings and similar preferences on your device. With your
consent where required, we use analytics tags to understand how the Portal is used. You can change your cookie
choices at any time in your browser settings.</p>

<h2 id="your-rights">9. Your rights</h2>
<p>Depending on where you live, you may have the right to:</p>
<ul>
  <li>access the personal data we hold about you and receive a copy of it;</li>
  <li>have inaccurate data corrected, most of which you can do yourself on your <a href="/profile/info">profile</a>;</li>
  <li>have your data deleted, or its use restricted, where we no longer need it;</li>
  <li>object to our use of your data based on legitimate interests, and to direct marketing at any time;</li>
  <li>receive the data you provided in a portable format; and</li>
  <li>withdraw any consent you have given, without affecting what we did before.</li>
</ul>
<p>Residents of California and other US states with privacy laws have the right to know, delete and correct their
personal information and not to be discriminated against for exercising these rights. To exercise any of your
rights, write to <a href="mailto:privacy@example.com">privacy@example.com</a>. We may need to verify your identity
first. You also have the right to complain to the data protection authority where you live or work.</p>

<h2 id="children">10. Children</h2>
<p>The Portal is for travel professionals and is not directed at anyone under 18. We do not knowingly collect
personal data from children through the Portal.</p>

<h2 id="changes">11. Changes to this policy</h2>
<p>We may update this Privacy Policy from time to time. The date at the top shows when it last changed. If the
changes are significant, we will tell you in the Portal or by e-mail before they take effect.</p>

<h2 id="contact">12. Contact us</h2>
<p>For any question about this policy or our handling of your personal data, contact our privacy team at
<a href="mailto:privacy@example.com">privacy@example.com</a> or write to Privacy Office, Royal Caribbean Group,
1050 Caribbean Way, Miami, Florida 33132, United States. For help with your account, contact
<a href="mailto:trade.support@example.com">trade support</a>.</p>
`.trim();
