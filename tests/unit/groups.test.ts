import { describe, expect, it } from "vitest";
import {
  GROUP_RULES,
  MAXIMUM_MESSAGE,
  MINIMUM_MESSAGE,
  SpaceRequestSchema,
  DECISION_HOURS,
  creditsText,
  deadlineState,
  finalPaymentFlag,
  flaggedFirst,
  groupsCaption,
  groupsCsvHref,
  PAYMENT_FLAGS,
  SPACE_TERMS,
  stateroomsFree,
  groupSearchParams,
  groupWidenings,
  guestsToNextCredit,
  hubHref,
  mayOpenGroupTool,
  parseGroupSearch,
  requestHref,
  requestStatusText,
  tourConductorCredits,
} from "~/domain/groups";
import { GROUP_RULES as UPSTREAM_RULES, SPACE_DECISION } from "../../upstream/db/groups";

describe("the group programme's rules", () => {
  it("are the upstream's numbers (one rule, said twice)", () => {
    expect(GROUP_RULES).toEqual(UPSTREAM_RULES);
  });

  it.each([
    [0, 0, 16],
    [1, 0, 15],
    [15, 0, 1],
    [16, 1, 16],
    [17, 1, 15],
    [31, 1, 1],
    [32, 2, 16],
    [100, 6, 12],
  ])("%i paying guests earn %i tour-conductor credits; %i more earn the next", (guests, credits, next) => {
    expect(tourConductorCredits(guests)).toBe(credits);
    expect(guestsToNextCredit(guests)).toBe(next);
  });

  it("says the credits and the guests to the next one", () => {
    expect(creditsText(1, 17)).toBe("1 credit; 15 more paying guests earn the next");
    expect(creditsText(0, 15)).toBe("0 credits; 1 more paying guest earns the next");
  });
});

describe("a request for group space", () => {
  const valid = { sailingId: " ad20260302 ", staterooms: "12", cabinClass: "BALCONY", groupName: "Choir", notes: "" };

  it("reads a valid request: the sailing id upper-cased, the staterooms a number", () => {
    expect(SpaceRequestSchema.parse(valid)).toEqual({ ...valid, sailingId: "AD20260302", staterooms: 12 });
  });

  it.each([
    ["7", MINIMUM_MESSAGE],
    ["0", MINIMUM_MESSAGE],
    ["8", null],
    ["200", null],
    ["201", MAXIMUM_MESSAGE],
    ["", "Enter how many staterooms the group needs."],
    ["ten", "Enter the number of staterooms as a whole number."],
    ["8.5", "Enter the number of staterooms as a whole number."],
  ])("%j staterooms: %s", (staterooms, message) => {
    const parsed = SpaceRequestSchema.safeParse({ ...valid, staterooms });
    if (message === null) expect(parsed.success).toBe(true);
    else expect(parsed.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it("says the minimum in words", () => {
    expect(MINIMUM_MESSAGE).toMatch(`at least ${GROUP_RULES.minimumStaterooms} staterooms`);
  });

  it.each([
    ["sailingId", "", "Enter the sailing id."],
    ["sailingId", "AD-2026", "Enter the sailing id as the catalogue shows it, like AD20260302."],
    ["cabinClass", "PENTHOUSE", "Choose a cabin class."],
    ["groupName", "  ", "Enter a name for the group."],
    ["notes", "x".repeat(501), "Keep the notes to 500 characters."],
  ])("refuses %s %j: %s", (field, value, message) => {
    const parsed = SpaceRequestSchema.safeParse({ ...valid, [field]: value });
    expect(parsed.error?.issues[0]?.path).toEqual([field]);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it("links a sailing to the form with its id", () => {
    expect(requestHref("AD20260302")).toBe("/group-travel-hub/request?sailingId=AD20260302");
    expect(requestHref()).toBe("/group-travel-hub/request");
  });
});

describe("the hub's search in the URL", () => {
  const parse = (query: string) => parseGroupSearch(new URLSearchParams(query));

  it("takes the defaults without parameters", () => {
    expect(parse("")).toEqual({
      search: { brand: "", ship: "", from: "", to: "", sort: "sailDate", order: "asc", page: 1 },
      notices: [],
    });
  });

  it("reads every filter, the sort and the page, and writes them back", () => {
    const { search, notices } = parse("brand=r&ship=ad&from=2026-05-01&to=2026-09-30&sort=booked&order=desc&page=3");
    expect(notices).toEqual([]);
    expect(search).toEqual({
      brand: "R",
      ship: "AD",
      from: "2026-05-01",
      to: "2026-09-30",
      sort: "booked",
      order: "desc",
      page: 3,
    });
    expect(groupSearchParams(search).toString()).toBe(
      "brand=R&ship=AD&from=2026-05-01&to=2026-09-30&sort=booked&order=desc&page=3",
    );
    expect(hubHref(search, { page: 1, sort: "sailDate", order: "asc" })).toBe(
      "/group-travel-hub?brand=R&ship=AD&from=2026-05-01&to=2026-09-30",
    );
  });

  it("leaves junk out with a notice, never an error", () => {
    const { search, notices } = parse("brand=X&ship=%3Cb%3E&from=2026-02-31&to=soon&sort=secret&order=up&page=-2");
    expect(search).toEqual(parse("").search);
    expect(notices).toHaveLength(4);
    expect(notices[0]).toMatch(/Cruise line: “X”/);
  });

  it("swaps a reversed date range", () => {
    expect(parse("from=2026-09-30&to=2026-05-01").search).toMatchObject({ from: "2026-05-01", to: "2026-09-30" });
  });

  it("offers what to widen when nothing is found", () => {
    const { search } = parse("brand=C&from=2026-05-01");
    expect(groupWidenings(search).map((w) => w.label)).toEqual(["Every cruise line", "Any sail date"]);
    expect(groupWidenings(parse("").search)).toEqual([]);
  });
});

describe("deadlines", () => {
  it.each([
    ["2026-03-01", "past"],
    ["2026-03-02", "urgent"],
    ["2026-03-04", "urgent"],
    ["2026-03-05", "upcoming"],
  ])("due %s on 2026-03-02 is %s", (due, state) => {
    expect(deadlineState(due, "2026-03-02")).toBe(state);
  });
});

describe("the group tool", () => {
  it("is offered only with its tool code", () => {
    expect(mayOpenGroupTool([{ toolCode: "GROUP-TOOL" }])).toBe(true);
    expect(mayOpenGroupTool([{ toolCode: "INSIGHT" }])).toBe(false);
  });
});

describe("a request's decision", () => {
  it("is said with the upstream's wait", () => {
    expect(DECISION_HOURS * 60 * 60 * 1000).toBe(SPACE_DECISION.afterMs);
  });

  it.each([
    [{ status: "REQUESTED", reason: null }, "Requested"],
    [{ status: "CONFIRMED", reason: null }, "Confirmed"],
    [
      { status: "DECLINED", reason: "The balcony staterooms are sold out." },
      "Declined: The balcony staterooms are sold out.",
    ],
    [{ status: "DECLINED", reason: null }, "Declined"],
    [{ status: "WAITLISTED", reason: null }, "WAITLISTED"],
  ])("%o reads %s", (request, text) => {
    expect(requestStatusText(request)).toBe(text);
  });
});

describe("the hub's CSV export", () => {
  it("carries the hub's filters and sort but not its page", () => {
    const { search } = parseGroupSearch(
      new URLSearchParams("brand=R&ship=AD&from=2026-05-01&sort=held&order=desc&page=3"),
    );
    expect(groupsCsvHref(search)).toBe(
      "/group-travel-hub/groups.csv?brand=R&ship=AD&from=2026-05-01&sort=held&order=desc",
    );
    expect(groupsCsvHref(parseGroupSearch(new URLSearchParams()).search)).toBe("/group-travel-hub/groups.csv");
  });
});

describe("a group's final payment flag (text and colour, sorted first by default)", () => {
  const today = "2026-11-26";
  it.each([
    ["passed, not sailed yet, 2 bookings unpaid", "2026-11-25", "2026-12-20", 2, "overdue"],
    ["long passed, sails today, 1 unpaid", "2026-08-01", "2026-11-26", 1, "overdue"],
    ["today, 1 unpaid", "2026-11-26", "2027-02-10", 1, "today"],
    ["tomorrow, 3 unpaid", "2026-11-27", "2027-02-10", 3, null],
    ["passed, but paid in full", "2026-11-25", "2026-12-20", 0, null],
    ["today, but paid in full", "2026-11-26", "2027-02-10", 0, null],
    ["passed, but the ship has sailed", "2026-08-01", "2026-11-25", 1, null],
  ] as const)("final payment %s: %s", (_, finalPaymentDate, sailDate, bookingsWithBalanceDue, flag) => {
    expect(finalPaymentFlag({ finalPaymentDate, sailDate, bookingsWithBalanceDue }, today)).toBe(flag);
  });

  it("says the flag in words, not colour alone", () => {
    expect(PAYMENT_FLAGS.overdue.text).toBe("Final payment overdue");
    expect(PAYMENT_FLAGS.today.text).toBe("Final payment due today");
  });

  it.each([
    ["sailDate", "asc", true, "final payments overdue or due today first, then by sail date"],
    ["sailDate", "desc", false, "sorted by sail date, descending"],
    ["booked", "asc", false, "sorted by staterooms booked"],
  ] as const)("sort %s %s: flagged first %s; the caption says %s", (sort, order, first, caption) => {
    expect(flaggedFirst({ sort, order })).toBe(first);
    expect(groupsCaption({ sort, order })).toContain(caption);
  });
});

describe("a group's space in words", () => {
  it("names what each count counts", () => {
    expect(SPACE_TERMS.map((t) => t.label)).toEqual(["Staterooms held", "Staterooms booked", "Staterooms released"]);
  });

  it.each([
    [{ held: 13, booked: 11, released: 3 }, 2],
    [{ held: 8, booked: 8, released: 0 }, 0],
    [{ held: 8, booked: 9, released: 0 }, 0],
  ])("%o leaves %i not booked", (space, free) => {
    expect(stateroomsFree(space)).toBe(free);
  });
});
