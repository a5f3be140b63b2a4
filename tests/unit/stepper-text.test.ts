import { describe, expect, it } from "vitest";
import { parseStepperText, plainStepperText } from "~/domain/stepper-text";

describe("stepper text (*bold*, ~italic~, [link] and {} placeholders)", () => {
  it.each([
    ["plain text", {}, [{ kind: "text", text: "plain text" }]],
    [
      "Your username is *{}*.",
      { values: ["ana"] },
      [
        { kind: "text", text: "Your username is " },
        { kind: "bold", text: "ana" },
        { kind: "text", text: "." },
      ],
    ],
    [
      "~Optional~ field",
      {},
      [
        { kind: "italic", text: "Optional" },
        { kind: "text", text: " field" },
      ],
    ],
    [
      "Accept the [Terms of Use] and the [Privacy Policy].",
      { links: ["/terms-of-use", "/privacy-policy"] },
      [
        { kind: "text", text: "Accept the " },
        { kind: "link", text: "Terms of Use", href: "/terms-of-use" },
        { kind: "text", text: " and the " },
        { kind: "link", text: "Privacy Policy", href: "/privacy-policy" },
        { kind: "text", text: "." },
      ],
    ],
    ["Step {} of {}", { values: [2, 4] }, [{ kind: "text", text: "Step 2 of 4" }]],
    ["A [link] without an href", {}, [{ kind: "text", text: "A link without an href" }]],
    ["Missing {} value", { values: [] }, [{ kind: "text", text: "Missing  value" }]],
    ["An * alone and ~ alone", {}, [{ kind: "text", text: "An * alone and ~ alone" }]],
    ["Empty ** stays", {}, [{ kind: "text", text: "Empty ** stays" }]],
  ] as const)("%s", (source, options, expected) => {
    expect(parseStepperText(source, options)).toEqual(expected);
  });

  it("a placeholder's value is text, never markup", () => {
    expect(parseStepperText("Hello {}", { values: ["*[x]*"] })).toEqual([{ kind: "text", text: "Hello *[x]*" }]);
    expect(parseStepperText("*{}*", { values: ["~a~"] })).toEqual([{ kind: "bold", text: "~a~" }]);
  });

  it("plain text drops the markup", () => {
    expect(plainStepperText("We sent a code to *{}*. [Resend]", { values: ["a@b.co"], links: ["/x"] })).toBe(
      "We sent a code to a@b.co. Resend",
    );
  });
});
