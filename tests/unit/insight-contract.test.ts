import { describe, expect, it } from "vitest";
import { CONCRETE_ALERT_TYPES } from "~/domain/insights/alerts";
import {
  CASINO_TIERS,
  COUPON_STATUSES,
  CREDIT_STATUSES,
  ENROLMENTS,
  RESERVATION_TYPES,
  SALE_CATEGORIES,
  TRANSMISSION_STATUSES,
} from "~/domain/insights/lists";
import { COUNT_TIMEFRAMES, TIMEFRAME_WINDOWS, TIMEFRAMES } from "~/domain/insights/timeframes";
import * as upstream from "../../upstream/insight/types";

/**
 * The partner-insight contract (docs/insights-contract.md) is said twice on purpose: the portal's
 * reading in app/domain, and the reference upstream's, which stands for a service the portal does not
 * own (docs/decisions/038-contract-ownership.md). These hold the two readings equal, so a change on
 * either side fails here until the contract and the other side agree.
 */
describe("the partner-insight contract, as the portal and the reference upstream read it", () => {
  it("has the same timeframe windows, in the same order", () => {
    expect(TIMEFRAME_WINDOWS).toEqual(upstream.TIMEFRAME_WINDOWS);
    expect(TIMEFRAMES).toEqual(upstream.TIMEFRAMES);
  });

  it("counts the alert summary over the same windows", () => {
    expect(COUNT_TIMEFRAMES).toEqual(upstream.COUNT_TIMEFRAMES);
  });

  it("has the same concrete alert types, in contract order", () => {
    expect(CONCRETE_ALERT_TYPES).toEqual(upstream.ALERT_TYPE_CODES);
  });

  it("filters by the same statuses, reservation types, enrolments, sale categories and casino tiers", () => {
    expect(CREDIT_STATUSES).toEqual(upstream.CREDIT_STATUSES);
    expect(COUPON_STATUSES).toEqual(upstream.COUPON_STATUSES);
    expect(TRANSMISSION_STATUSES).toEqual(upstream.TRANSMISSION_STATUSES);
    expect(RESERVATION_TYPES).toEqual(upstream.RESERVATION_TYPES);
    expect(SALE_CATEGORIES).toEqual(upstream.SALE_CATEGORIES);
    expect(CASINO_TIERS).toEqual(upstream.CASINO_TIERS);
    // The portal's list adds "ALL" (no filter) before the contract's three.
    expect(ENROLMENTS).toEqual(["ALL", ...upstream.ENROLMENTS]);
  });
});
