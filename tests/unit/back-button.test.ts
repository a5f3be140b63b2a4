import { describe, expect, it } from "vitest";
import { backTarget } from "~/domain/back-button";

describe("back button rules, one test per row", () => {
  it.each([
    ["/register with agencyData=true", "/register", "?agencyData=true", "/register?agencyData=false"],
    ["/register otherwise", "/register", "", "/login"],
    ["/register otherwise (agencyData=false)", "/register", "?agencyData=false", "/login"],
    ["/register-agency with step above 1", "/register-agency", "?step=3", "/register-agency?step=2"],
    ["/register-agency at step 1", "/register-agency", "?step=1", "/login"],
    ["/register-agency without a step", "/register-agency", "", "/login"],
    [
      "/register-agency?step=N as drawn (the stepper), step above 1",
      "/register-agency/stepper",
      "?step=3",
      "/register-agency/stepper?step=2",
    ],
    ["/register-agency?step=N as drawn (the stepper), step 1", "/register-agency/stepper", "?step=1", "/login"],
    ["/register/stepper with step above 1", "/register/stepper", "?step=2", "/register/stepper?step=1"],
    ["/register/stepper at step 1", "/register/stepper", "?step=1", "/register?agencyData=true"],
    ["/register/stepper with a garbage step", "/register/stepper", "?step=abc", "/register?agencyData=true"],
    ["/register-agency/verify", "/register-agency/verify", "", "/register-agency?step=1"],
    ["/register-agency/welcome", "/register-agency/welcome", "", "/register-agency?step=4"],
    ["/register-agency/email-sent", "/register-agency/email-sent", "", "/register-agency"],
    ["/register-agency/email-resend", "/register-agency/email-resend", "", "/register-agency"],
  ])("%s → %s", (_row, path, search, href) => {
    expect(backTarget(path, search)).toEqual({ kind: "href", href });
  });

  it.each([["/register-agency/sales-agreement"], ["/account/forgot"]])(
    "anything else (%s) goes back in history, or /login if there is none",
    (path) => {
      expect(backTarget(path, "")).toEqual({ kind: "history", fallback: "/login" });
    },
  );
});
