import type { Database } from "better-sqlite3";
import { CREATE_SKETCH_SQL } from "../lib/login-failures";

export type Migration = { version: number; name: string; up: string };

/**
 * Columns the busiest sailing indexes carry after the sail date, so a search's count and its page of ids
 * filtering on price, nights or refundability read the index alone.
 */
const SEARCHED = "lowest_price, nights, open_interior, open_outside, open_balcony, open_deluxe, refundability";

/**
 * Numbered, append-only. A later issue adds its tables as a new entry; never edit an applied one.
 * Times are integers (milliseconds since the epoch) unless the column name says otherwise.
 */
export const migrations: Migration[] = [
  {
    version: 1,
    name: "accounts, sign-ins, one-time codes, outbox",
    up: `
      CREATE TABLE agencies (
        agency_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        country_code TEXT NOT NULL,
        reporting_office_code TEXT NOT NULL,
        city TEXT NOT NULL
      );

      CREATE TABLE agents (
        agent_id TEXT PRIMARY KEY,
        username TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        agency_id TEXT NOT NULL REFERENCES agencies (agency_id),
        role_code TEXT NOT NULL CHECK (role_code IN ('AGENT', 'ADMIN', 'RCCL', 'RCCLADMIN')),
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        country_code TEXT NOT NULL,
        reporting_office_code TEXT NOT NULL,
        photo_path TEXT,
        equote_acceptance_tc INTEGER NOT NULL DEFAULT 0,
        latte_available INTEGER NOT NULL DEFAULT 0,
        latte_key TEXT,
        mfa_required INTEGER NOT NULL DEFAULT 0,
        legacy_site_visited INTEGER NOT NULL DEFAULT 1,
        failed_attempts INTEGER NOT NULL DEFAULT 0,
        locked_at INTEGER
      );

      CREATE TABLE tools (
        tool_code TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        sort_order INTEGER NOT NULL
      );

      CREATE TABLE agent_tools (
        agent_id TEXT NOT NULL REFERENCES agents (agent_id) ON DELETE CASCADE,
        tool_code TEXT NOT NULL REFERENCES tools (tool_code) ON DELETE CASCADE,
        PRIMARY KEY (agent_id, tool_code)
      );

      CREATE TABLE currencies (
        currency_code TEXT PRIMARY KEY,
        name TEXT NOT NULL
      );

      CREATE TABLE agent_currencies (
        agent_id TEXT NOT NULL REFERENCES agents (agent_id) ON DELETE CASCADE,
        currency_code TEXT NOT NULL REFERENCES currencies (currency_code) ON DELETE CASCADE,
        is_primary INTEGER NOT NULL DEFAULT 0,
        sort_order INTEGER NOT NULL,
        PRIMARY KEY (agent_id, currency_code)
      );

      CREATE TABLE agent_locations (
        agent_id TEXT NOT NULL REFERENCES agents (agent_id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        sort_order INTEGER NOT NULL,
        PRIMARY KEY (agent_id, key)
      );

      CREATE TABLE dismissed_notifications (
        agent_id TEXT NOT NULL REFERENCES agents (agent_id) ON DELETE CASCADE,
        notification_id TEXT NOT NULL,
        start_iso TEXT NOT NULL,
        end_iso TEXT NOT NULL,
        dismissed_at INTEGER NOT NULL,
        PRIMARY KEY (agent_id, notification_id)
      );

      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );

      -- No foreign key to agents: a dev reset reseeds the agents (same ids) and keeps sign-ins.
      CREATE TABLE sign_ins (
        sid TEXT PRIMARY KEY,
        agent_id TEXT NOT NULL,
        method TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        revoked_at INTEGER
      );
      CREATE INDEX sign_ins_agent ON sign_ins (agent_id);

      CREATE TABLE used_legacy_tokens (
        jti TEXT PRIMARY KEY,
        used_at INTEGER NOT NULL
      );

      CREATE TABLE otp_codes (
        token_hash TEXT PRIMARY KEY,
        recipient TEXT NOT NULL,
        channel TEXT NOT NULL,
        purpose TEXT NOT NULL,
        metadata TEXT NOT NULL DEFAULT '{}',
        agent_id TEXT,
        code_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        used_at INTEGER,
        burned_at INTEGER,
        login_started_at INTEGER
      );
      CREATE INDEX otp_codes_recipient ON otp_codes (recipient, purpose, created_at);

      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        recipient TEXT NOT NULL,
        channel TEXT NOT NULL,
        purpose TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        code TEXT,
        link TEXT,
        sent_at INTEGER NOT NULL
      );
      CREATE INDEX outbox_recipient ON outbox (recipient);
    `,
  },
  {
    version: 2,
    name: "legal acceptance",
    up: `
      -- One row per agent and policy: the version (the policy page's modified date) last accepted.
      CREATE TABLE legal_acceptances (
        agent_id TEXT NOT NULL REFERENCES agents (agent_id) ON DELETE CASCADE,
        policy_type TEXT NOT NULL CHECK (policy_type IN ('terms-of-use', 'travel-agent-guidelines', 'privacy-policy')),
        policy_version TEXT NOT NULL,
        policy_language TEXT NOT NULL,
        accepted_at INTEGER NOT NULL,
        PRIMARY KEY (agent_id, policy_type)
      );
    `,
  },
  {
    version: 3,
    name: "registration and recovery",
    up: `
      -- Phone numbers are stored normalised ('+' and digits) so look-ups compare them exactly.
      ALTER TABLE agents ADD COLUMN mobile_phone TEXT;
      -- JSON of the registration-draft fields that have no column of their own.
      ALTER TABLE agents ADD COLUMN registration TEXT;
      ALTER TABLE agents ADD COLUMN created_at INTEGER;
      -- One account per e-mail address whatever its case (the check before an insert is the rule; this is the backstop).
      CREATE UNIQUE INDEX agents_email ON agents (email COLLATE NOCASE);
      CREATE INDEX agents_mobile_phone ON agents (mobile_phone);

      ALTER TABLE agencies ADD COLUMN phone TEXT;
      -- Upper case.
      ALTER TABLE agencies ADD COLUMN abta_number TEXT;
      -- JSON of the registration fields that have no column of their own.
      ALTER TABLE agencies ADD COLUMN details TEXT;
      ALTER TABLE agencies ADD COLUMN created_at INTEGER;
      CREATE INDEX agencies_phone ON agencies (phone);
      CREATE INDEX agencies_abta_number ON agencies (abta_number);

      -- A validated one-time code creates at most one account or one password reset: its use is recorded
      -- in the same transaction as what it was used for.
      CREATE TABLE verification_uses (
        token_hash TEXT PRIMARY KEY,
        used_for TEXT NOT NULL,
        used_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 4,
    name: "cruise catalogue",
    up: `
      -- The catalogue is generated once (upstream/catalogue/generate.ts) and never changed; anchor and
      -- counts live in catalogue_meta. Dates are 'YYYY-MM-DD' text, times 'HH:mm', money whole USD.
      CREATE TABLE catalogue_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );

      CREATE TABLE catalogue_ports (
        port_code TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        country TEXT NOT NULL,
        country_code TEXT NOT NULL,
        region TEXT NOT NULL
      );

      CREATE TABLE catalogue_destinations (
        destination_code TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        sort_order INTEGER NOT NULL
      );

      -- Every port a destination's sailings leave from, call at or end at.
      CREATE TABLE catalogue_destination_ports (
        destination_code TEXT NOT NULL REFERENCES catalogue_destinations (destination_code),
        port_code TEXT NOT NULL REFERENCES catalogue_ports (port_code),
        PRIMARY KEY (destination_code, port_code)
      ) WITHOUT ROWID;

      -- staterooms, dining, activities: JSON arrays.
      CREATE TABLE catalogue_ships (
        ship_code TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        brand TEXT NOT NULL CHECK (brand IN ('R', 'C', 'V')),
        ship_class TEXT NOT NULL,
        year_built INTEGER NOT NULL,
        year_refurbished INTEGER,
        gross_tonnage INTEGER NOT NULL,
        guests INTEGER NOT NULL,
        crew INTEGER NOT NULL,
        decks INTEGER NOT NULL,
        length_metres REAL NOT NULL,
        description TEXT NOT NULL,
        staterooms TEXT NOT NULL,
        dining TEXT NOT NULL,
        activities TEXT NOT NULL,
        sort_order INTEGER NOT NULL
      );

      -- One row per sailing, with everything a search filters, sorts or lists, so a search reads this
      -- table alone (keyed by sailing_id, so every index ends with it: the tie-break of every sort). Per cabin class: price_* (NULL when the ship has no such class), avail_*, and open_*
      -- (the price unless sold out). lowest_price: the lowest open price (NULL when all are sold out).
      -- ports_of_call: JSON array of port names; price_details: JSON of the full prices.
      CREATE TABLE catalogue_sailings (
        sailing_id TEXT PRIMARY KEY,
        ship_code TEXT NOT NULL REFERENCES catalogue_ships (ship_code),
        brand TEXT NOT NULL,
        ship_class TEXT NOT NULL,
        destination_code TEXT NOT NULL,
        sail_date TEXT NOT NULL,
        return_date TEXT NOT NULL,
        nights INTEGER NOT NULL,
        cruise_nights INTEGER NOT NULL,
        departure_port TEXT NOT NULL,
        return_port TEXT NOT NULL,
        voyage_type TEXT NOT NULL CHECK (voyage_type IN ('ROUNDTRIP', 'ONEWAY')),
        tour_type TEXT NOT NULL CHECK (tour_type IN ('CO', 'CT')),
        tour_name TEXT,
        tour_land_nights INTEGER,
        refundability TEXT NOT NULL CHECK (refundability IN ('N', 'R', 'B')),
        ports_of_call TEXT NOT NULL,
        price_interior INTEGER,
        price_outside INTEGER,
        price_balcony INTEGER,
        price_deluxe INTEGER,
        avail_interior TEXT,
        avail_outside TEXT,
        avail_balcony TEXT,
        avail_deluxe TEXT,
        open_interior INTEGER,
        open_outside INTEGER,
        open_balcony INTEGER,
        open_deluxe INTEGER,
        lowest_price INTEGER,
        single_supplement_percent INTEGER NOT NULL,
        final_payment_date TEXT NOT NULL,
        price_details TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX catalogue_sailings_date ON catalogue_sailings (sail_date, ${SEARCHED});
      CREATE INDEX catalogue_sailings_brand ON catalogue_sailings (brand, sail_date, ${SEARCHED});
      CREATE INDEX catalogue_sailings_ship ON catalogue_sailings (ship_code, sail_date, sailing_id);
      CREATE INDEX catalogue_sailings_class ON catalogue_sailings (ship_class, sail_date, sailing_id);
      CREATE INDEX catalogue_sailings_destination ON catalogue_sailings (destination_code, sail_date, ${SEARCHED});
      CREATE INDEX catalogue_sailings_port ON catalogue_sailings (departure_port, sail_date, sailing_id);

      -- Day 1 departs (departure time only), the last day arrives (arrival time only); port_code NULL at sea.
      CREATE TABLE catalogue_sailing_days (
        sailing_id TEXT NOT NULL REFERENCES catalogue_sailings (sailing_id),
        day INTEGER NOT NULL,
        date TEXT NOT NULL,
        port_code TEXT,
        arrival TEXT,
        departure TEXT,
        PRIMARY KEY (sailing_id, day)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 5,
    name: "promotions",
    up: `
      -- The offers are generated once (upstream/promotions/generate.ts), anchored on the catalogue's anchor,
      -- and never changed; anchor and count live in promotion_meta. Dates are 'YYYY-MM-DD' text.
      CREATE TABLE promotion_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );

      -- One row per offer. brand_order: 1 R, 2 C, 3 V (the brand sort). cabin_mask: a bit per cabin class
      -- (INTERIOR 1, OUTSIDE 2, BALCONY 4, DELUXE 8). all_ships, all_destinations, any_residency: 1 when the
      -- list is empty (every ship, every destination, any residency). residency, ships, destinations,
      -- cabin_classes, codes, terms, combinable_with, not_combinable_with: JSON arrays as answered.
      CREATE TABLE promotion_offers (
        offer_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        brand TEXT NOT NULL CHECK (brand IN ('R', 'C', 'V')),
        brand_order INTEGER NOT NULL,
        offer_type TEXT NOT NULL CHECK (offer_type IN ('INSTANT_SAVINGS', 'SECOND_GUEST_SAVINGS', 'KIDS_SAIL_FREE',
          'ONBOARD_CREDIT', 'REDUCED_DEPOSIT', 'UPGRADE', 'BONUS_COMMISSION')),
        offer_for TEXT NOT NULL CHECK (offer_for IN ('EVERYONE', 'RESIDENTS', 'SENIORS', 'MILITARY',
          'LAW_ENFORCEMENT', 'FIRE_EMT')),
        value_kind TEXT NOT NULL,
        value_amount INTEGER NOT NULL,
        book_from TEXT NOT NULL,
        book_to TEXT NOT NULL,
        sail_from TEXT NOT NULL,
        sail_to TEXT NOT NULL,
        refundability TEXT NOT NULL CHECK (refundability IN ('N', 'R', 'B')),
        cabin_mask INTEGER NOT NULL,
        all_ships INTEGER NOT NULL,
        all_destinations INTEGER NOT NULL,
        any_residency INTEGER NOT NULL,
        featured INTEGER NOT NULL,
        headline TEXT NOT NULL,
        description TEXT NOT NULL,
        residency TEXT NOT NULL,
        ships TEXT NOT NULL,
        destinations TEXT NOT NULL,
        cabin_classes TEXT NOT NULL,
        codes TEXT NOT NULL,
        terms TEXT NOT NULL,
        combinable_with TEXT NOT NULL,
        not_combinable_with TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX promotion_offers_book_to ON promotion_offers (book_to, offer_id);
      CREATE INDEX promotion_offers_book_from ON promotion_offers (book_from, offer_id);
      CREATE INDEX promotion_offers_brand ON promotion_offers (brand, book_to, offer_id);
      CREATE INDEX promotion_offers_name ON promotion_offers (name, offer_id);
      CREATE INDEX promotion_offers_featured ON promotion_offers (featured, book_to, offer_id);

      -- The lists an offer is restricted to, one row per code (none: every ship, destination, residency).
      CREATE TABLE promotion_offer_ships (
        ship_code TEXT NOT NULL,
        offer_id TEXT NOT NULL REFERENCES promotion_offers (offer_id),
        PRIMARY KEY (ship_code, offer_id)
      ) WITHOUT ROWID;
      CREATE TABLE promotion_offer_destinations (
        destination_code TEXT NOT NULL,
        offer_id TEXT NOT NULL REFERENCES promotion_offers (offer_id),
        PRIMARY KEY (destination_code, offer_id)
      ) WITHOUT ROWID;
      CREATE TABLE promotion_offer_residency (
        residency_code TEXT NOT NULL,
        offer_id TEXT NOT NULL REFERENCES promotion_offers (offer_id),
        PRIMARY KEY (residency_code, offer_id)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 6,
    name: "partner insight",
    up: `
      -- The partner-insight demo data is generated once (upstream/insight/generate.ts), anchored on the
      -- catalogue's anchor, and never changed; anchor and counts live in insight_meta. Every table an agency
      -- lists is keyed by agency and branch first (every index starts with them: a list reads one branch).
      -- Dates are 'YYYY-MM-DD' text, instants ISO 8601 text, money whole cents of the row's currency,
      -- flags 0/1. Statuses that move with time (credits, commissions) are worked out when asked.
      CREATE TABLE insight_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );

      CREATE TABLE insight_branches (
        agency_id TEXT NOT NULL,
        branch_code TEXT NOT NULL,
        name TEXT NOT NULL,
        city TEXT NOT NULL,
        is_home INTEGER NOT NULL,
        sort_order INTEGER NOT NULL,
        PRIMARY KEY (agency_id, branch_code)
      ) WITHOUT ROWID;

      -- Branches of its agency an agent may see besides its home one.
      CREATE TABLE insight_branch_grants (
        agent_id TEXT NOT NULL,
        branch_code TEXT NOT NULL,
        PRIMARY KEY (agent_id, branch_code)
      ) WITHOUT ROWID;

      CREATE TABLE insight_bookings (
        booking_id TEXT PRIMARY KEY,
        agency_id TEXT NOT NULL,
        branch_code TEXT NOT NULL,
        group_id TEXT,
        status TEXT NOT NULL CHECK (status IN ('OPEN', 'CONFIRMED', 'CANCELLED')),
        brand TEXT NOT NULL CHECK (brand IN ('R', 'C', 'V')),
        ship_code TEXT NOT NULL,
        ship_name TEXT NOT NULL,
        sailing_id TEXT NOT NULL,
        sail_date TEXT NOT NULL,
        nights INTEGER NOT NULL,
        cabin_class TEXT NOT NULL,
        departure_port TEXT NOT NULL,
        lead_guest TEXT NOT NULL,
        guest_count INTEGER NOT NULL,
        total_rooms INTEGER NOT NULL,
        currency TEXT NOT NULL,
        total_cents INTEGER NOT NULL,
        paid_cents INTEGER NOT NULL,
        due_cents INTEGER NOT NULL,
        balance_due_date TEXT,
        deposit_expiring INTEGER NOT NULL,
        flex_pay INTEGER NOT NULL,
        enrolment TEXT NOT NULL CHECK (enrolment IN ('Enrolled', 'Eligible', 'Not Eligible')),
        compensation_type TEXT NOT NULL,
        commission_cents INTEGER NOT NULL,
        booked_on TEXT NOT NULL,
        cancelled_on TEXT
      );
      CREATE INDEX insight_bookings_sail_date ON insight_bookings (agency_id, branch_code, sail_date, booking_id);
      CREATE INDEX insight_bookings_status ON insight_bookings (agency_id, branch_code, status, cancelled_on);
      CREATE INDEX insight_bookings_id ON insight_bookings (agency_id, branch_code, booking_id);
      CREATE INDEX insight_bookings_group ON insight_bookings (agency_id, branch_code, group_id);
      CREATE INDEX insight_bookings_ship ON insight_bookings (agency_id, branch_code, ship_name, sail_date);
      CREATE INDEX insight_bookings_due ON insight_bookings (agency_id, branch_code, due_cents);
      CREATE INDEX insight_bookings_commission ON insight_bookings (agency_id, branch_code, commission_cents);

      CREATE TABLE insight_guests (
        booking_id TEXT NOT NULL REFERENCES insight_bookings (booking_id),
        position INTEGER NOT NULL,
        agency_id TEXT NOT NULL,
        branch_code TEXT NOT NULL,
        guest_id TEXT NOT NULL,
        given_name TEXT NOT NULL,
        surname TEXT NOT NULL,
        -- The surname folded (lower case, no accents) for the prefix search.
        surname_key TEXT NOT NULL,
        age INTEGER,
        loyalty_number TEXT,
        PRIMARY KEY (booking_id, position)
      ) WITHOUT ROWID;
      CREATE INDEX insight_guests_surname ON insight_guests (agency_id, branch_code, surname_key);

      -- payment_type: F full amount, D deposit amount, R refundable.
      CREATE TABLE insight_payments (
        booking_id TEXT NOT NULL REFERENCES insight_bookings (booking_id),
        position INTEGER NOT NULL,
        paid_on TEXT NOT NULL,
        amount_cents INTEGER NOT NULL,
        method TEXT NOT NULL,
        payment_type TEXT NOT NULL CHECK (payment_type IN ('F', 'D', 'R')),
        PRIMARY KEY (booking_id, position)
      ) WITHOUT ROWID;

      CREATE TABLE insight_notes (
        booking_id TEXT NOT NULL REFERENCES insight_bookings (booking_id),
        position INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        author TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (booking_id, position)
      ) WITHOUT ROWID;

      -- One row per open booking alert, with the booking's fields the alert centre filters, sorts and lists,
      -- so a list reads this table alone. type_order: the type's place in the contract's list.
      CREATE TABLE insight_alerts (
        alert_id TEXT PRIMARY KEY,
        booking_id TEXT NOT NULL REFERENCES insight_bookings (booking_id),
        agency_id TEXT NOT NULL,
        branch_code TEXT NOT NULL,
        type TEXT NOT NULL,
        type_order INTEGER NOT NULL,
        alert_key TEXT NOT NULL,
        due_date TEXT NOT NULL,
        group_id TEXT,
        brand TEXT NOT NULL,
        ship_code TEXT NOT NULL,
        ship_name TEXT NOT NULL,
        sail_date TEXT NOT NULL,
        lead_guest TEXT NOT NULL,
        due_cents INTEGER NOT NULL,
        currency TEXT NOT NULL,
        flex_pay INTEGER NOT NULL,
        enrolment TEXT NOT NULL,
        deposit_expiring INTEGER NOT NULL
      );
      CREATE INDEX insight_alerts_due ON insight_alerts (agency_id, branch_code, due_date, type);
      CREATE INDEX insight_alerts_type ON insight_alerts (agency_id, branch_code, type, due_date);
      CREATE INDEX insight_alerts_sail_date ON insight_alerts (agency_id, branch_code, sail_date);
      CREATE INDEX insight_alerts_ship ON insight_alerts (agency_id, branch_code, ship_code, due_date);
      CREATE INDEX insight_alerts_ship_name ON insight_alerts (agency_id, branch_code, ship_name);
      CREATE INDEX insight_alerts_amount ON insight_alerts (agency_id, branch_code, due_cents);
      CREATE INDEX insight_alerts_booking ON insight_alerts (booking_id);

      CREATE TABLE insight_credits (
        credit_id TEXT PRIMARY KEY,
        agency_id TEXT NOT NULL,
        branch_code TEXT NOT NULL,
        booking_id TEXT NOT NULL,
        guest TEXT NOT NULL,
        brand TEXT NOT NULL,
        currency TEXT NOT NULL,
        amount_cents INTEGER NOT NULL,
        issued_on TEXT NOT NULL,
        redeem_by TEXT NOT NULL,
        redeemed_on TEXT,
        redeemed_booking_id TEXT
      );
      CREATE INDEX insight_credits_redeem_by ON insight_credits (agency_id, branch_code, redeem_by);
      CREATE INDEX insight_credits_amount ON insight_credits (agency_id, branch_code, amount_cents);
      CREATE INDEX insight_credits_guest ON insight_credits (agency_id, branch_code, guest);

      CREATE TABLE insight_coupons (
        application_id TEXT PRIMARY KEY,
        agency_id TEXT NOT NULL,
        branch_code TEXT NOT NULL,
        coupon_code TEXT NOT NULL,
        booking_id TEXT NOT NULL,
        brand TEXT NOT NULL,
        ship_name TEXT NOT NULL,
        sail_date TEXT NOT NULL,
        applied_on TEXT NOT NULL,
        currency TEXT NOT NULL,
        amount_cents INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('APPLIED', 'REJECTED', 'REVERSED')),
        reason TEXT
      );
      CREATE INDEX insight_coupons_applied_on ON insight_coupons (agency_id, branch_code, applied_on);
      CREATE INDEX insight_coupons_amount ON insight_coupons (agency_id, branch_code, amount_cents);
      CREATE INDEX insight_coupons_booking ON insight_coupons (agency_id, branch_code, booking_id);

      CREATE TABLE insight_transmissions (
        transmission_id TEXT PRIMARY KEY,
        agency_id TEXT NOT NULL,
        branch_code TEXT NOT NULL,
        booking_id TEXT NOT NULL,
        brand TEXT NOT NULL,
        ship_name TEXT NOT NULL,
        sail_date TEXT NOT NULL,
        sent_at TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('SENT', 'ACCEPTED', 'FAILED', 'PENDING')),
        failure_reason TEXT,
        attempts INTEGER NOT NULL
      );
      CREATE INDEX insight_transmissions_sent_at ON insight_transmissions (agency_id, branch_code, sent_at);
      CREATE INDEX insight_transmissions_status ON insight_transmissions (agency_id, branch_code, status, sent_at);
      CREATE INDEX insight_transmissions_booking ON insight_transmissions (agency_id, branch_code, booking_id);

      CREATE TABLE insight_onboard_sales (
        sale_id TEXT PRIMARY KEY,
        agency_id TEXT NOT NULL,
        branch_code TEXT NOT NULL,
        booking_id TEXT NOT NULL,
        guest TEXT NOT NULL,
        brand TEXT NOT NULL,
        ship_name TEXT NOT NULL,
        sail_date TEXT NOT NULL,
        category TEXT NOT NULL CHECK (category IN ('BEVERAGE', 'DINING', 'EXCURSION', 'SPA', 'WIFI')),
        item TEXT NOT NULL,
        ordered_on TEXT NOT NULL,
        currency TEXT NOT NULL,
        amount_cents INTEGER NOT NULL,
        commission_cents INTEGER NOT NULL
      );
      CREATE INDEX insight_onboard_sales_ordered_on ON insight_onboard_sales (agency_id, branch_code, ordered_on);
      CREATE INDEX insight_onboard_sales_amount ON insight_onboard_sales (agency_id, branch_code, amount_cents);
      CREATE INDEX insight_onboard_sales_commission ON insight_onboard_sales (agency_id, branch_code, commission_cents);

      CREATE TABLE insight_casino (
        reservation_id TEXT PRIMARY KEY,
        agency_id TEXT NOT NULL,
        branch_code TEXT NOT NULL,
        booking_id TEXT NOT NULL,
        guest TEXT NOT NULL,
        programme TEXT NOT NULL,
        tier TEXT NOT NULL CHECK (tier IN ('PRESTIGE', 'SIGNATURE', 'MASTERS')),
        offer_code TEXT NOT NULL,
        brand TEXT NOT NULL,
        ship_name TEXT NOT NULL,
        sail_date TEXT NOT NULL,
        status TEXT NOT NULL
      );
      CREATE INDEX insight_casino_sail_date ON insight_casino (agency_id, branch_code, sail_date);
      CREATE INDEX insight_casino_booking ON insight_casino (agency_id, branch_code, booking_id);

      -- An agent's digest e-mail settings (no row: the defaults, switched off). alert_types: JSON array.
      -- armed_at: when it was last switched on or its frequency changed (a send is due only for a slot after
      -- it); last_sent_at: the last send.
      CREATE TABLE insight_digests (
        agent_id TEXT PRIMARY KEY REFERENCES agents (agent_id) ON DELETE CASCADE,
        enabled INTEGER NOT NULL,
        frequency TEXT NOT NULL CHECK (frequency IN ('DAILY', 'WEEKLY')),
        alert_types TEXT NOT NULL,
        enrolment TEXT NOT NULL CHECK (enrolment IN ('ALL', 'Enrolled', 'Eligible', 'Not Eligible')),
        armed_at INTEGER,
        last_sent_at INTEGER,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX insight_digests_enabled ON insight_digests (enabled, frequency);
    `,
  },
  {
    version: 7,
    name: "agency, profile and user management",
    up: `
      -- PENDING: registered into an agency that has an administrator, waiting for approval; ACTIVE; DEACTIVATED.
      -- LOCKED is not stored: it is an ACTIVE account with locked_at set (five wrong passwords).
      ALTER TABLE agents ADD COLUMN status TEXT NOT NULL DEFAULT 'ACTIVE'
        CHECK (status IN ('PENDING', 'ACTIVE', 'DEACTIVATED'));
      -- Raised by every change of the agent's own details (PUT /agents/{id} answers 409 STALE_PROFILE on a mismatch).
      ALTER TABLE agents ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
      CREATE INDEX agents_agency ON agents (agency_id, status);
      -- Raised by every change of the agency (409 STALE_AGENCY).
      ALTER TABLE agencies ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
      -- The last request made with one of the sign-in's tokens (NULL: none since it started).
      ALTER TABLE sign_ins ADD COLUMN last_seen_at INTEGER;

      -- An uploaded photo, resized (at most 400 x 400) and re-encoded as JPEG; version: the agent's version
      -- after the upload (the ?v= of its address).
      CREATE TABLE agent_photos (
        agent_id TEXT PRIMARY KEY REFERENCES agents (agent_id) ON DELETE CASCADE,
        image BLOB NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        version INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );

      -- One row per user-management action on an agent. actor_*: who did it (kept as they were then);
      -- on_behalf_of: the real user's name when a super user acted for the agency (NULL for now).
      CREATE TABLE agent_activity (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        agent_id TEXT NOT NULL REFERENCES agents (agent_id) ON DELETE CASCADE,
        at INTEGER NOT NULL,
        actor_agent_id TEXT,
        actor_name TEXT NOT NULL,
        actor_username TEXT NOT NULL,
        on_behalf_of TEXT,
        action TEXT NOT NULL,
        detail TEXT NOT NULL
      );
      CREATE INDEX agent_activity_agent ON agent_activity (agent_id, at);

      -- Invitations to register into an agency; the token is stored only as its SHA-256 hash.
      CREATE TABLE agency_invitations (
        token_hash TEXT PRIMARY KEY,
        agency_id TEXT NOT NULL REFERENCES agencies (agency_id) ON DELETE CASCADE,
        email TEXT NOT NULL,
        first_name TEXT,
        last_name TEXT,
        invited_by TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER,
        used_by TEXT
      );
      CREATE INDEX agency_invitations_agency ON agency_invitations (agency_id, email);
    `,
  },
  {
    version: 8,
    name: "welcome and acting for an agency",
    up: `
      -- When the agent was first welcomed (the first sign-in of a new account shows /welcome); the
      -- accounts that exist already have been welcomed.
      ALTER TABLE agents ADD COLUMN welcomed_at INTEGER;
      UPDATE agents SET welcomed_at = created_at;

      -- A super user's sign-in acting for an agency: the sign-in belongs to the agency's administrator;
      -- actor_*: the real user and their own sign-in (when that ends, so does acting).
      ALTER TABLE sign_ins ADD COLUMN actor_agent_id TEXT;
      ALTER TABLE sign_ins ADD COLUMN actor_sid TEXT;

      -- Every change made while acting for an agency, with both names (the identity and the real user).
      CREATE TABLE acting_audit (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        agency_id TEXT NOT NULL,
        at INTEGER NOT NULL,
        agent_id TEXT NOT NULL,
        agent_name TEXT NOT NULL,
        actor_agent_id TEXT NOT NULL,
        actor_name TEXT NOT NULL,
        method TEXT NOT NULL,
        path TEXT NOT NULL,
        status INTEGER NOT NULL
      );
      CREATE INDEX acting_audit_agency ON acting_audit (agency_id, at);
    `,
  },
  {
    version: 9,
    name: "certificate redemption",
    up: `
      -- A certificate or voucher: its value (minor units), brand, conditions and expiry (last valid day),
      -- optionally only for one sailing. redeemed_*: set once, by a conditional UPDATE (one winner).
      CREATE TABLE certificates (
        code TEXT PRIMARY KEY,
        value_cents INTEGER NOT NULL,
        currency TEXT NOT NULL,
        brand TEXT NOT NULL CHECK (brand IN ('R', 'C', 'V')),
        sailing_id TEXT,
        conditions TEXT NOT NULL,
        expires_on TEXT NOT NULL,
        redeemed_at INTEGER,
        redeemed_agency_id TEXT,
        redeemed_booking_id TEXT,
        redeemed_by TEXT
      );
      CREATE INDEX certificates_redeemed ON certificates (redeemed_agency_id, redeemed_at);
    `,
  },
  {
    version: 10,
    name: "travel documents",
    up: `
      -- A preview link: one document of one booking shown to anyone holding its token for 7 days. The
      -- token is the link id signed with a key derived from the JWT secret (never stored); revoked_*
      -- set once by the agency. emailed_to: the guest address when the link was sent by e-mail.
      CREATE TABLE document_previews (
        link_id TEXT PRIMARY KEY,
        agency_id TEXT NOT NULL,
        booking_id TEXT NOT NULL,
        document TEXT NOT NULL CHECK (document IN ('cruise-documents', 'luggage-tags', 'itinerary', 'invoice')),
        created_by TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        revoked_at INTEGER,
        revoked_by TEXT,
        emailed_to TEXT
      );
      CREATE INDEX document_previews_booking ON document_previews (agency_id, booking_id, created_at);
    `,
  },

  {
    version: 11,
    name: "reduced rates",
    up: `
      -- The qualifying sailings (upstream/db/reduced-rates.ts): generated once from the catalogue, anchored
      -- on its anchor, and kept; anchor and count live in reduced_rate_meta. rate_*: the reduced price per
      -- guest in whole US dollars (NULL: not offered in the class); few_*: 1 when the catalogue had only a
      -- few staterooms left in the class (the line declines requests there).
      CREATE TABLE reduced_rate_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE reduced_rate_sailings (
        sailing_id TEXT PRIMARY KEY,
        brand TEXT NOT NULL CHECK (brand IN ('R', 'C', 'V')),
        ship_code TEXT NOT NULL,
        ship_name TEXT NOT NULL,
        destination_name TEXT NOT NULL,
        departure_port TEXT NOT NULL,
        sail_date TEXT NOT NULL,
        return_date TEXT NOT NULL,
        nights INTEGER NOT NULL,
        rate_type TEXT NOT NULL CHECK (rate_type IN ('AGENT', 'FAM')),
        request_deadline TEXT NOT NULL,
        rate_interior INTEGER,
        rate_outside INTEGER,
        rate_balcony INTEGER,
        few_interior INTEGER NOT NULL DEFAULT 0,
        few_outside INTEGER NOT NULL DEFAULT 0,
        few_balcony INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX reduced_rate_sailings_date ON reduced_rate_sailings (sail_date, request_deadline);

      -- An agent's request for a reduced rate: the agent and at most one companion. One request per agent
      -- and sailing that is not withdrawn (the partial unique index: of two at once, one wins).
      CREATE TABLE reduced_rate_requests (
        request_id INTEGER PRIMARY KEY AUTOINCREMENT,
        agent_id TEXT NOT NULL,
        agency_id TEXT NOT NULL,
        sailing_id TEXT NOT NULL REFERENCES reduced_rate_sailings (sailing_id),
        cabin_class TEXT NOT NULL CHECK (cabin_class IN ('INTERIOR', 'OUTSIDE', 'BALCONY')),
        companion_name TEXT,
        companion_relation TEXT CHECK (companion_relation IN ('PARTNER', 'FAMILY', 'FRIEND', 'COLLEAGUE')),
        status TEXT NOT NULL CHECK (status IN ('REQUESTED', 'APPROVED', 'DECLINED', 'WITHDRAWN')),
        created_at INTEGER NOT NULL,
        decided_at INTEGER,
        withdrawn_at INTEGER
      );
      CREATE UNIQUE INDEX reduced_rate_requests_one ON reduced_rate_requests (agent_id, sailing_id)
        WHERE status != 'WITHDRAWN';
      CREATE INDEX reduced_rate_requests_agent ON reduced_rate_requests (agent_id, created_at);
    `,
  },

  {
    version: 12,
    name: "group travel hub",
    up: `
      -- An agency's group: generated once from the insight bookings that carry its group id (ensureGroups),
      -- with the space held, booked and released (staterooms), its guests and what it has earned.
      CREATE TABLE travel_groups (
        group_id TEXT PRIMARY KEY,
        agency_id TEXT NOT NULL,
        branch_code TEXT NOT NULL,
        name TEXT NOT NULL,
        brand TEXT NOT NULL CHECK (brand IN ('R', 'C', 'V')),
        ship_code TEXT NOT NULL,
        ship_name TEXT NOT NULL,
        sailing_id TEXT NOT NULL,
        sail_date TEXT NOT NULL,
        held INTEGER NOT NULL,
        booked INTEGER NOT NULL,
        released INTEGER NOT NULL,
        guests_named INTEGER NOT NULL,
        paying_guests INTEGER NOT NULL,
        amenity_points INTEGER NOT NULL,
        tc_credits INTEGER NOT NULL
      );
      CREATE INDEX travel_groups_agency ON travel_groups (agency_id, sail_date);

      -- A group's deadlines: the deposits and the final payment.
      CREATE TABLE travel_group_deadlines (
        group_id TEXT NOT NULL REFERENCES travel_groups (group_id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('DEPOSIT', 'SECOND_DEPOSIT', 'FINAL_PAYMENT')),
        due_date TEXT NOT NULL,
        PRIMARY KEY (group_id, position)
      );

      -- An agency's request for new group space on a catalogue sailing.
      CREATE TABLE group_space_requests (
        request_id INTEGER PRIMARY KEY AUTOINCREMENT,
        agency_id TEXT NOT NULL,
        agent_id TEXT NOT NULL,
        sailing_id TEXT NOT NULL,
        brand TEXT NOT NULL,
        ship_name TEXT NOT NULL,
        sail_date TEXT NOT NULL,
        staterooms INTEGER NOT NULL,
        cabin_class TEXT NOT NULL,
        group_name TEXT NOT NULL,
        notes TEXT,
        status TEXT NOT NULL CHECK (status IN ('REQUESTED', 'CONFIRMED', 'DECLINED')),
        created_at INTEGER NOT NULL,
        -- The cruise line's decision (decideDueSpaceRequests): when, and why a request was declined.
        decided_at INTEGER,
        decision_reason TEXT
      );
      CREATE INDEX group_space_requests_agency ON group_space_requests (agency_id, created_at);
    `,
  },

  {
    version: 13,
    name: "failed sign-ins of unknown usernames",
    up: `
      -- Wrong sign-ins counted per username that no account has (an account counts its own in
      -- agents.failed_attempts), so an unknown name counts down and locks like a known one (decision 033).
      CREATE TABLE login_failures (
        username TEXT PRIMARY KEY COLLATE NOCASE,
        failed_attempts INTEGER NOT NULL,
        last_failed_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 14,
    name: "price-drop watch: fares over time, each booking's fare, the digest's choice",
    up: `
      -- Each sailing's fare per stateroom class over time (US dollars, per guest for the first two guests and
      -- per additional guest); the fare on a day is the row with the latest effective_on on or before it (the
      -- later id on the same day). source: 'schedule' (the demo's seeded schedule) or 'dev' (POST /dev/price-drops).
      CREATE TABLE insight_fares (
        id INTEGER PRIMARY KEY,
        sailing_id TEXT NOT NULL,
        cabin_class TEXT NOT NULL,
        effective_on TEXT NOT NULL,
        price_per_guest INTEGER NOT NULL,
        additional_guest_price INTEGER NOT NULL,
        offer_code TEXT,
        offer_name TEXT,
        source TEXT NOT NULL CHECK (source IN ('schedule', 'dev'))
      );
      CREATE INDEX insight_fares_current ON insight_fares (sailing_id, cabin_class, effective_on, id);

      -- The fare the booking was made at (cents, the booking's currency; taxes and fees apart).
      ALTER TABLE insight_bookings ADD COLUMN fare_cents INTEGER;

      -- Whether the digest e-mail lists price drops too, and from what saving (whole units of the currency).
      ALTER TABLE insight_digests ADD COLUMN price_drop_minimum INTEGER;
    `,
  },
  {
    version: 15,
    name: "each sign-in's browser and address",
    up: `
      -- What the portal saw of the browser that signed in (its User-Agent) and the address it came
      -- from, so the agent's sign-ins differ in something a person can see. Older sign-ins have neither.
      ALTER TABLE sign_ins ADD COLUMN user_agent TEXT;
      ALTER TABLE sign_ins ADD COLUMN client_address TEXT;
    `,
  },
  {
    version: 16,
    name: "a guest alone's booked fare carries the single supplement",
    up: `
      -- The price-drop watch now prices a guest alone as the catalogue does (with the single supplement); the
      -- booked fare of such bookings is written again on the next start (ensurePriceWatch fills NULLs).
      UPDATE insight_bookings SET fare_cents = NULL WHERE guest_count = 1;
    `,
  },
  {
    version: 17,
    name: "failed sign-ins of unknown usernames in a sketch of a fixed size",
    up: `
      -- A row per unknown name grew without end (decision 051): a count-min sketch of 256 KB takes its place.
      -- openDatabase folds the old rows in and drops the old table (hashing is not SQL's).
      ${CREATE_SKETCH_SQL}
    `,
  },
];

/** Applies every migration not yet recorded in `schema_migrations`, each in its own transaction. */
export function runMigrations(db: Database, now: () => number = Date.now): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const applied = new Set(
    db
      .prepare("SELECT version FROM schema_migrations")
      .all()
      .map((row) => (row as { version: number }).version),
  );
  const ran: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.up);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        migration.version,
        migration.name,
        now(),
      );
    })();
    ran.push(migration.version);
  }
  return ran;
}
