import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { appFetch } from "./app";

// Issue #29 item 1: where people choose tracked codes they are called "dynamic codes", in the
// same words: the home page, pricing, help and the FAQ.

const pageText = async (path: string) => textOf(await (await appFetch(path)).text());

describe("dynamic codes, by that name", () => {
  it("pricing lists them on the plans that have them, in the cards and the table", async () => {
    const html = await (await appFetch("/pricing")).text();
    const table = /<table[\s\S]*<\/table>/.exec(html)![0];
    const row =
      /<th scope="row">Dynamic codes \(track scans, change the destination later\)<\/th>([\s\S]*?)<\/tr>/.exec(
        table,
      );
    expect(textOf(row![1]!)).toBe("— Not included ✓ Included ✓ Included");
    // Premium's card adds them to Free's features.
    expect(textOf(html.replace(table, ""))).toContain(
      "Dynamic codes (track scans, change the destination later)",
    );
  });

  it("the home page, help and the FAQ say dynamic codes, not tracked codes", async () => {
    const [home, help, faq] = await Promise.all(["/", "/help", "/faq"].map(pageText));
    expect(home).toContain(
      "save a dynamic code instead to track scans and change the destination later",
    );
    expect(help).toContain(
      "Dynamic codes (which track scans and can change their destination later)",
    );
    expect(faq).toContain("What happens to dynamic codes if I downgrade or cancel?");
    expect(faq).toContain("Yes, with a dynamic code");
    for (const text of [home, help, faq]) {
      expect(text).not.toMatch(/tracked (codes|short links)/i);
    }
  });
});
