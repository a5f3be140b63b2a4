import { describe, expect, it } from "vitest";
import { packGroups, packOptions, packedOptionsHtml } from "~/domain/options-html";

const currencies = [
  { value: "EUR", label: "EUR – Euro" },
  { value: "GBP", label: 'GBP – Pound <Sterling> & "Co"' },
  { value: "USD", label: "USD – US Dollar" },
];

describe("long selects: a packed list becomes the select's options (decision 014)", () => {
  it("packs a list as one `value\\tlabel` line per option, kept for the same list", () => {
    expect(packOptions(currencies)).toBe('EUR\tEUR – Euro\nGBP\tGBP – Pound <Sterling> & "Co"\nUSD\tUSD – US Dollar');
    expect(packOptions(currencies)).toBe(packOptions(currencies));
    expect(packOptions([])).toBe("");
  });

  it("lists every option in order, escaped, with only the chosen one selected", () => {
    expect(packedOptionsHtml(packOptions(currencies), "USD")).toBe(
      '<option value="EUR">EUR – Euro</option>' +
        '<option value="GBP">GBP – Pound &lt;Sterling&gt; &amp; &quot;Co&quot;</option>' +
        '<option value="USD" selected="">USD – US Dollar</option>',
    );
  });

  it.each([
    ["", '<option value="" selected="">None</option><option value="EUR">'],
    ["EUR", '<option value="">None</option><option value="EUR" selected="">'],
  ])("with a placeholder first, the choice %j is the one selected", (selected, start) => {
    const html = packedOptionsHtml(packOptions(currencies), selected, "None");
    expect(html.startsWith(start)).toBe(true);
    expect(html.match(/selected=""/g)).toHaveLength(1);
  });

  it("selects nothing for a value the list does not hold (the browser shows the first)", () => {
    expect(packedOptionsHtml(packOptions(currencies), "XYZ")).not.toContain("selected");
    expect(packedOptionsHtml(packOptions(currencies), "", undefined)).not.toContain("selected");
  });

  it("keeps an entry whole when its label holds a tab or a line break", () => {
    const list = packOptions([
      { value: "A", label: "First\tline\nsecond" },
      { value: "B", label: "B" },
    ]);
    expect(list.split("\n")).toHaveLength(2);
    expect(packedOptionsHtml(list, "B")).toBe(
      '<option value="A">First line second</option><option value="B" selected="">B</option>',
    );
  });

  it("groups options under their labels and leaves empty groups out", () => {
    const ships = packGroups([
      { label: "Royal Caribbean International", options: [{ value: "IC", label: "Icon of the Seas" }] },
      { label: "Celebrity Cruises", options: [] },
      {
        label: "Silversea Cruises",
        options: [
          { value: "SM", label: "Silver Muse" },
          { value: "SN", label: "Silver Nova" },
        ],
      },
    ]);
    expect(packedOptionsHtml(ships, "SN", "All ships")).toBe(
      '<option value="">All ships</option>' +
        '<optgroup label="Royal Caribbean International"><option value="IC">Icon of the Seas</option></optgroup>' +
        '<optgroup label="Silversea Cruises"><option value="SM">Silver Muse</option>' +
        '<option value="SN" selected="">Silver Nova</option></optgroup>',
    );
  });

  it("builds the same HTML for an equal list that arrives as a new string (the browser's loader data)", () => {
    const sent = packOptions(currencies);
    const received = JSON.parse(JSON.stringify(sent)) as string;
    expect(packedOptionsHtml(received, "GBP", "None")).toBe(packedOptionsHtml(sent, "GBP", "None"));
  });
});
