import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { recordStaffAction } from "../../app/staff/audit.server";
import { createDatabase } from "../../app/db/client.server";
import { textOf } from "../support/html";
import { appFetch } from "./app";
import { signUp, staffMember, unverifiedStaff } from "./staff";

// The staff console (issue #31): its pages open only to verified STAFF_EMAILS accounts, and every
// staff action lands in the console's own audit log.

const PAGES = ["/staff", "/staff/health", "/staff/audit", "/staff/support"];

async function status(path: string, cookie?: string) {
  return (await appFetch(path, cookie ? { headers: { Cookie: cookie } } : {})).status;
}

describe("the staff console", () => {
  it("is the ordinary 404 for visitors, customers and an unverified staff address", async () => {
    const customer = await signUp("ultimate");
    const unverified = await unverifiedStaff();
    for (const page of PAGES) {
      expect(await status(page)).toBe(404);
      expect(await status(page, customer.cookie)).toBe(404);
      expect(await status(page, unverified.cookie)).toBe(404);
    }
  });

  it("opens to verified staff with a section for each job", async () => {
    const staff = await staffMember();
    for (const page of PAGES) expect(await status(page, staff.cookie)).toBe(200);
    const response = await appFetch("/staff", { headers: { Cookie: staff.cookie } });
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const text = textOf(await response.text());
    expect(text).toContain("Staff console");
    expect(text).toContain("Support inbox");
    expect(text).toContain("Staff audit log");
  });

  it("lists staff actions newest first, 50 to a page", async () => {
    const staff = await staffMember();
    const db = createDatabase(env.DB);
    const start = Date.now() - 60 * 60_000;
    for (let i = 0; i < 55; i += 1) {
      await recordStaffAction(
        db,
        staff,
        { action: "link.disabled", subjectType: "link", subjectId: `slug${i}` },
        new Date(start + i * 1000),
      );
    }
    const first = await appFetch("/staff/audit", { headers: { Cookie: staff.cookie } });
    const html = await first.text();
    const text = textOf(html);
    expect(text).toContain("link slug54");
    expect(text).not.toMatch(/link slug4\b/);
    expect(text.indexOf("link slug54")).toBeLessThan(text.indexOf("link slug53"));
    const older = /href="(\/staff\/audit\?before=\d+)"/.exec(html)?.[1];
    expect(older).toBeDefined();
    const second = textOf(
      await (await appFetch(older!, { headers: { Cookie: staff.cookie } })).text(),
    );
    expect(second).toMatch(/link slug0\b/);
    expect(second).not.toContain("link slug54");
  });
});
