import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import { createDatabase } from "../../app/db/client.server";
import { workspaceMembers } from "../../app/db/schema";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { textOf } from "../support/html";
import { cookieFrom } from "./accounts";
import { type Person, person } from "./api-client";
import { appFetch, generate, ORIGIN } from "./app";
import { postForm } from "./forms";
import { seedScans } from "./scan-rollups";

// The Analytics view (issue #30) as a browser without JavaScript and a spreadsheet see it: a GET
// form's query read from the rollups in the viewer's zone, refused clearly when out of range, its
// CSV the same numbers with formula cells neutralised, and nobody's codes but the workspace's.

const db = createDatabase(env.DB);
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

async function save(who: Person, title: string) {
  const response = await generate(
    {
      customization: { size: 256 },
      save: "true",
      type: "url",
      data: JSON.stringify({ url: "https://example.com/menu" }),
      title,
      trackScans: "true",
    },
    { cookie: who.cookies, headers: { Origin: ORIGIN } },
  );
  expect(response.status).toBe(200);
  return (await response.json<{ id: number }>()).id;
}

const view = (who: Person, search: string, cookie = "") =>
  appFetch(`/dashboard/analytics${search}`, {
    headers: { Cookie: who.cookies + (cookie ? `; ${cookie}` : "") },
  });

async function page(who: Person, search: string, cookie = "") {
  const response = await view(who, search, cookie);
  const html = await response.text();
  return { status: response.status, html, text: textOf(html) };
}

async function csv(who: Person, search: string, cookie = "") {
  const response = await appFetch(`/dashboard/analytics.csv${search}`, {
    headers: { Cookie: who.cookies + (cookie ? `; ${cookie}` : "") },
  });
  const body = await response.text();
  const rows = response.ok ? Papa.parse<string[]>(body.trim()).data : [];
  return { status: response.status, body, rows, type: response.headers.get("Content-Type") };
}

/** The rows of a CSV section: [item, scans, unique scans]. */
const section = (rows: string[][], name: string) =>
  rows.filter((row) => row[0] === name).map((row) => row.slice(1));

/** A day five days ago, and a scan at 22:30 UTC on it: the next day in Tokyo (+9). */
const fiveDaysAgo = isoDay(Date.now() - 5 * DAY);
const lateEvening = Date.parse(`${fiveDaysAgo}T22:30:00Z`);
const nextDay = isoDay(lateEvening + DAY);
const custom = (tz: string) => `?range=custom&from=${fiveDaysAgo}&to=${nextDay}&tz=${tz}`;

async function joinAs(owner: Person, role: "viewer") {
  const member = await person("free");
  const workspace = personalWorkspaceId(owner.id);
  await db
    .insert(workspaceMembers)
    .values({ workspaceId: workspace, userId: member.id, role, createdAt: new Date() });
  const switched = await postForm(
    "/workspace/switch",
    { workspace, redirect: "/dashboard" },
    member.cookies,
  );
  member.cookies += `; ${cookieFrom(switched, "qr_workspace")}`;
  return member;
}

describe("the Analytics view", () => {
  it("shows scans and uniques over time, places and devices, and the busiest hours, in the chosen zone", async () => {
    const owner = await person("premium");
    const id = await save(owner, "Menu");
    await seedScans(id, [
      { at: lateEvening, country: "JP", city: "Tokyo", device: "mobile" },
      { at: lateEvening, country: "JP", city: "Tokyo", device: "mobile", unique: false },
      { at: lateEvening - 12 * HOUR, country: "DE", city: "Berlin", device: "desktop" },
    ]);
    await env.DB.prepare(
      "INSERT INTO scan_rollups (qr_code_id, dimension, hour, value, scans, uniques) VALUES (?, 'browser', ?, 'Safari', 3, 0), (?, 'os', ?, 'iOS', 3, 0)",
    )
      .bind(id, lateEvening - 30 * 60_000, id, lateEvening - 30 * 60_000)
      .run();

    const utc = await csv(owner, custom("UTC"));
    expect(utc.status).toBe(200);
    expect(utc.type).toBe("text/csv; charset=utf-8");
    expect(section(utc.rows, "Scans by day")).toEqual([
      [fiveDaysAgo, "3", "2"],
      [nextDay, "0", "0"],
    ]);
    const tokyo = await csv(owner, custom("Asia/Tokyo"));
    // 22:30 UTC is 07:30 the next morning in Tokyo; 10:30 UTC is 19:30 the same day.
    expect(section(tokyo.rows, "Scans by day")).toEqual([
      [fiveDaysAgo, "1", "1"],
      [nextDay, "2", "1"],
    ]);
    expect(section(tokyo.rows, "Top countries")).toEqual([
      ["JP", "2", ""],
      ["DE", "1", ""],
    ]);
    expect(section(tokyo.rows, "Top cities")[0]).toEqual(["Tokyo", "2", ""]);
    expect(section(tokyo.rows, "Browsers")).toEqual([["Safari", "3", ""]]);
    expect(section(tokyo.rows, "Operating systems")).toEqual([["iOS", "3", ""]]);
    const weekday = (new Date(`${nextDay}T00:00:00Z`).getUTCDay() + 6) % 7;
    const busiest = section(tokyo.rows, "Busiest hours");
    expect(busiest).toHaveLength(168);
    expect(busiest[weekday * 24 + 7]![1]).toBe("2");

    const shown = await page(owner, custom("Asia/Tokyo"));
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("Scans 3 Unique scans 2");
    expect(shown.text).toContain(`${nextDay} 2 1`);
    expect(shown.html).toContain(`<title id="`);
    expect(shown.text).toContain(`Scans and unique scans by day, ${fiveDaysAgo} to ${nextDay}`);
    expect(shown.text).toContain("The busiest hour is");
    expect(shown.html).toMatch(/<option value="Asia\/Tokyo" selected="">/);
    expect(shown.text).toContain("30 or 45 minutes off the hour");
    expect(shown.html).toContain(
      `href="/dashboard/analytics?range=custom&amp;from=${fiveDaysAgo}&amp;to=${nextDay}&amp;tz=Asia%2FTokyo&amp;format=csv"`,
    );
    // That link is the CSV.
    const link = await view(
      owner,
      `?range=custom&from=${fiveDaysAgo}&to=${nextDay}&tz=Asia%2FTokyo&format=csv`,
    );
    expect(link.status).toBe(302);
    expect(link.headers.get("Location")).toBe(
      `/dashboard/analytics.csv?range=custom&from=${fiveDaysAgo}&to=${nextDay}&tz=Asia%2FTokyo&format=csv`,
    );
  });

  it("defaults to the zone the browser reported in its tz cookie, and names the whole-hour rule", async () => {
    const owner = await person("premium");
    const id = await save(owner, "Menu");
    await seedScans(id, [{ at: lateEvening }]);
    const search = `?range=custom&from=${fiveDaysAgo}&to=${nextDay}`;
    const tokyo = await csv(owner, search, "tz=Asia%2FTokyo");
    expect(section(tokyo.rows, "Time zone")).toEqual([["Asia/Tokyo", "", ""]]);
    expect(section(tokyo.rows, "Scans by day")[1]).toEqual([nextDay, "1", "1"]);
    // Kolkata is +5:30, taken as +6: 22:30 UTC falls on the next day there.
    const kolkata = await csv(owner, `${search}&tz=Asia/Kolkata`, "tz=Asia%2FTokyo");
    expect(section(kolkata.rows, "Scans by day")[1]).toEqual([nextDay, "1", "1"]);
    const noCookie = await page(owner, search);
    expect(noCookie.html).toMatch(/<option value="UTC" selected="">/);
  });

  it("defaults to the zone kept in the account settings, over the browser's cookie", async () => {
    const owner = await person("premium");
    const id = await save(owner, "Menu");
    await seedScans(id, [{ at: lateEvening }]);
    const chosen = await postForm(
      "/account",
      { intent: "time-zone", timeZone: "Asia/Tokyo" },
      owner.cookies,
    );
    expect(chosen.status).toBe(303);
    const search = `?range=custom&from=${fiveDaysAgo}&to=${nextDay}`;
    const shown = await csv(owner, search, "tz=America%2FNew_York");
    expect(section(shown.rows, "Time zone")).toEqual([["Asia/Tokyo", "", ""]]);
    expect(section(shown.rows, "Scans by day")[1]).toEqual([nextDay, "1", "1"]);
    // A zone asked for in the query still wins: the form's select.
    const asked = await csv(owner, `${search}&tz=UTC`, "tz=America%2FNew_York");
    expect(section(asked.rows, "Time zone")).toEqual([["UTC", "", ""]]);
  });

  it("refuses a range outside the plan's retention, a bad zone or backwards dates with a clear 400", async () => {
    const owner = await person("premium");
    const long = isoDay(Date.now() - 400 * DAY);
    const today = isoDay(Date.now());
    const cases: [string, string][] = [
      [`?range=custom&from=${long}&to=${today}`, "Your plan keeps scans for 365 days"],
      [`?range=custom&from=${today}&to=${fiveDaysAgo}`, "The start date must be on or before"],
      [`?range=custom&from=2026-02-30&to=${today}`, "Enter both dates as YYYY-MM-DD."],
      [`?range=custom&from=${today}&to=2999-01-01`, "The end date is in the future"],
      ["?range=forever", "Choose a date range from the list."],
      ["?tz=Mars%2FOlympus", "“Mars/Olympus” is not a time zone we know."],
      ["?compare=1", "Choose two or more codes to compare."],
      ["?code=abc", "There is no such QR code in this workspace."],
    ];
    for (const [search, message] of cases) {
      const shown = await page(owner, search);
      expect(shown.status, search).toBe(400);
      expect(shown.text).toContain(message);
      // The form stays, to correct it.
      expect(shown.html).toContain('action="/dashboard/analytics" method="get"');
      const file = await csv(owner, search);
      expect(file.status, search).toBe(400);
      expect(file.body).toContain(message);
    }
    // A preset longer than the plan keeps starts at the first day it keeps; Ultimate keeps all.
    expect((await page(owner, "?range=12m")).status).toBe(200);
    const ultimate = await person("ultimate");
    expect((await page(ultimate, `?range=custom&from=${long}&to=${today}`)).status).toBe(200);
  });

  it("exports the CSV with formula cells neutralised", async () => {
    const owner = await person("premium");
    const evil = await save(owner, '=HYPERLINK("https://evil.example","x")');
    const other = await save(owner, "+SUM(A1)");
    await seedScans(evil, [{ at: lateEvening, city: "@cmd", country: "-1" }]);
    const file = await csv(owner, `${custom("UTC")}&code=${evil}&compare=${evil}&compare=${other}`);
    expect(file.status).toBe(200);
    expect(file.body).toContain(`Scope,"'=HYPERLINK(""https://evil.example"",""x"")"`);
    expect(section(file.rows, "Top cities")).toEqual([["'@cmd", "1", ""]]);
    expect(section(file.rows, "Top countries")).toEqual([["'-1", "1", ""]]);
    expect(section(file.rows, "Compare: +SUM(A1)")).toHaveLength(2);
    expect(file.body).not.toMatch(/(^|,)[=+\-@]/m);
    expect(file.type).toBe("text/csv; charset=utf-8");
  });

  it("compares two or more codes side by side", async () => {
    const owner = await person("premium");
    const menu = await save(owner, "Menu");
    const poster = await save(owner, "Poster");
    await seedScans(menu, [{ at: lateEvening }, { at: lateEvening, unique: false }]);
    await seedScans(poster, [{ at: lateEvening + 2 * HOUR }]);
    const search = `${custom("UTC")}&compare=${menu}&compare=${poster}`;
    const file = await csv(owner, search);
    expect(section(file.rows, "Compare: Menu")).toEqual([
      [fiveDaysAgo, "2", "1"],
      [nextDay, "0", "0"],
    ]);
    expect(section(file.rows, "Compare: Poster")).toEqual([
      [fiveDaysAgo, "0", "0"],
      [nextDay, "1", "1"],
    ]);
    const shown = await page(owner, search);
    expect(shown.text).toContain("Codes compared");
    expect(shown.text).toContain(`${fiveDaysAgo} 2 / 1 0 / 0`);
    expect(shown.text).toContain("Menu: 2 scans; Poster: 1 scans");
    // One code's view: its scans only, and the link back to it.
    const one = await csv(owner, `${custom("UTC")}&code=${poster}`);
    expect(section(one.rows, "Totals")).toEqual([["", "1", "1"]]);
    const menuPage = await page(owner, `${custom("UTC")}&code=${menu}`);
    expect(menuPage.text).toContain("Analytics: Menu");
    expect(menuPage.html).toContain(`href="/dashboard/codes/${menu}"`);
    const codePage = await appFetch(`/dashboard/codes/${menu}`, {
      headers: { Cookie: owner.cookies },
    });
    expect(await codePage.text()).toContain(`href="/dashboard/analytics?code=${menu}"`);
  });

  it("answers another workspace's code with 404, and any member may view", async () => {
    const owner = await person("premium");
    const mine = await save(owner, "Mine");
    const stranger = await person("premium");
    const theirs = await save(stranger, "Theirs");
    await seedScans(theirs, [{ at: lateEvening }]);
    for (const search of [`?code=${theirs}`, `?compare=${mine}&compare=${theirs}`]) {
      const shown = await page(owner, search);
      expect(shown.status, search).toBe(404);
      expect(shown.text).toContain("There is no such QR code in this workspace.");
      expect(shown.text).not.toContain("Theirs");
      expect((await csv(owner, search)).status).toBe(404);
    }
    const viewer = await joinAs(owner, "viewer");
    expect((await page(viewer, `?code=${mine}`)).status).toBe(200);
    expect((await csv(viewer, `?code=${mine}`)).status).toBe(200);
  });

  it("shows Free the upsell and no numbers; its CSV is a 403", async () => {
    const free = await person("free");
    const premium = await person("premium");
    await seedScans(await save(premium, "Menu"), [{ at: lateEvening }]);
    const shown = await page(free, "");
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("Analytics is a Premium Feature");
    expect(shown.text).not.toContain("Scans over time");
    const file = await csv(free, "");
    expect(file.status).toBe(403);
    expect(file.body).toContain("upgrade");
  });

  it("sends a signed-out visitor to sign in", async () => {
    const response = await appFetch("/dashboard/analytics");
    expect([302, 303]).toContain(response.status);
  });
});
