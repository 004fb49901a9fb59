import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { call, makeKey, type Person, person, saveTrackedCode } from "./api-client";
import { appFetch } from "./app";
import { landOn, postForm } from "./forms";
import { seedScans } from "./scan-rollups";

// The dashboard's messages with values made by shared modules, in the account's language
// (issue #32): a tag's refusal (app/codes/tags.ts), a destination's refusal
// (app/destinations/changes.server.ts), a scheduled change's time on the code list, and the
// scan breakdowns' countries (named by Intl) and device types. The API and the CSV keep the data
// and the English as they were.

async function speaking(language: string) {
  const who = await person("ultimate");
  await env.DB.prepare("UPDATE users SET language = ? WHERE id = ?").bind(language, who.id).run();
  return who;
}

async function textAt(who: Person, path: string) {
  const response = await appFetch(path, { headers: { Cookie: who.cookies } });
  const text = textOf(await response.text());
  expect(response.status, text.slice(-1500)).toBe(200);
  return text;
}

describe("the scan breakdowns in the account's language", () => {
  it("name countries and device types in German on the list, the code's page and Analytics", async () => {
    const who = await speaking("de");
    const id = (await saveTrackedCode(who)).id;
    const now = Date.now();
    await seedScans(id, [
      { at: now, country: "DE", device: "mobile" },
      { at: now, country: "DE", device: "mobile" },
      { at: now, country: "JP", device: "desktop" },
      { at: now, country: "T1", device: "unknown" },
    ]);

    const list = await textAt(who, "/dashboard");
    // Most scans first; a country Intl does not know (Tor's "T1") keeps its code.
    expect(list).toMatch(/Scans nach Land Deutschland 2 (Japan 1 T1 1|T1 1 Japan 1)/);
    expect(list).toMatch(
      /Scans nach Gerät Smartphone 2 (Computer 1 Unbekannt 1|Unbekannt 1 Computer 1)/,
    );

    const page = await textAt(who, `/dashboard/codes/${id}`);
    expect(page).toContain("Top-Länder (30 Tage) Deutschland: 2");
    expect(page).toContain("Japan: 1");
    expect(page).toMatch(/Top-Geräte \(30 Tage\) Smartphone: 2/);

    const analytics = await textAt(who, `/dashboard/analytics?tz=UTC&code=${id}`);
    expect(analytics).toContain("Deutschland 2");
    expect(analytics).toContain("Smartphone 2");
    expect(analytics).not.toContain("Germany");

    // The CSV export is data: the ISO code and the device type as stored, English sections.
    const csv = await (
      await appFetch(`/dashboard/analytics.csv?tz=UTC&code=${id}`, {
        headers: { Cookie: who.cookies },
      })
    ).text();
    expect(csv).toContain("Top countries,DE,2,");
    expect(csv).toContain("Devices,mobile,2,");
    expect(csv).not.toContain("Deutschland");
  });

  it("name them in Spanish for a Spanish account", async () => {
    const who = await speaking("es");
    const id = (await saveTrackedCode(who)).id;
    await seedScans(id, [{ at: Date.now(), country: "DE", device: "tablet" }]);
    const page = await textAt(who, `/dashboard/codes/${id}`);
    expect(page).toContain("Alemania: 1");
    expect(page).toContain("Tableta: 1");
  });
});

describe("a tag's refusal in the account's language", () => {
  it("says a bad or too long tag in German on the code list, and Spanish for a Spanish account", async () => {
    const who = await speaking("de");
    const id = (await saveTrackedCode(who)).id;
    const bad = await postForm(
      "/dashboard/selection",
      { action: "tag", ids: String(id), tag: "a/b" },
      who.cookies,
    );
    expect(bad.status).toBe(303);
    const badText = await landOn(bad, who.cookies);
    expect(badText).toContain("Ungültiges Tag");
    expect(badText).toContain("„a/b“ kann kein Tag sein: Verwende Buchstaben, Ziffern");
    expect(badText).not.toContain("cannot be a tag");

    const long = await postForm(
      "/dashboard/selection",
      { action: "tag", ids: String(id), tag: "frühling".repeat(5) },
      who.cookies,
    );
    expect(await landOn(long, who.cookies)).toContain(
      `Ein Tag hat höchstens 30 Zeichen; „${"frühling".repeat(5).slice(0, 30)}…“ ist länger.`,
    );

    const spanish = await speaking("es");
    const code = (await saveTrackedCode(spanish)).id;
    const empty = await postForm(
      "/dashboard/selection",
      { action: "untag", ids: String(code), tag: "  " },
      spanish.cookies,
    );
    expect(await landOn(empty, spanish.cookies)).toContain("Escribe el nombre de la etiqueta.");
  });
});

describe("a destination's refusals and schedule in the account's language", () => {
  it("shows a scheduled change's time the German way on the code list", async () => {
    const who = await speaking("de");
    const id = (await saveTrackedCode(who)).id;
    const scheduled = await postForm(
      `/dashboard/codes/${id}`,
      {
        intent: "schedule",
        destination: "https://example.com/later",
        at: "2040-12-24T17:00",
        zone: "Europe/Berlin",
      },
      who.cookies,
    );
    expect(scheduled.status).toBe(303);
    const list = await textAt(who, "/dashboard");
    expect(list).toContain("ab 24.12.2040, 17:00 (Europe/Berlin) zu https://example.com/later");
    expect(list).not.toContain("Dec 24, 2040");
  });

  it("says refusals with values in German, while the API keeps them English", async () => {
    const who = await speaking("de");
    const id = (await saveTrackedCode(who)).id;
    const same = await postForm(
      `/dashboard/codes/${id}`,
      { intent: "destination", destination: "https://example.com/menu" },
      who.cookies,
    );
    expect(same.status).toBe(400);
    expect(textOf(await same.text())).toContain(
      "Der Code führt bereits zu https://example.com/menu.",
    );

    const nothing = await postForm(
      `/dashboard/codes/${id}`,
      { intent: "cancel-schedule" },
      who.cookies,
    );
    expect(nothing.status).toBe(400);
    expect(textOf(await nothing.text())).toContain(
      "Für diesen Code ist keine Änderung geplant, die du abbrechen könntest.",
    );

    // A restore of a history entry that is not this code's: the page's 404 names the code.
    const missing = await postForm(
      `/dashboard/codes/${id}`,
      { intent: "restore", entry: "999999999" },
      who.cookies,
    );
    expect(missing.status).toBe(404);
    const missingText = textOf(await missing.text());
    expect(missingText).toContain(
      `In diesem Arbeitsbereich gibt es keinen dynamischen Code ${id}.`,
    );
    expect(missingText).not.toContain("There is no tracked code");

    const api = await call(await makeKey(who), "PATCH", `/qr-codes/${id}`, {
      destination: "https://example.com/menu",
    });
    expect(api.status).toBe(400);
    expect(JSON.stringify(api.json)).toContain(
      "The code already leads to https://example.com/menu.",
    );
  });
});

describe("an untitled code's name in the account's language", () => {
  it("names it in German on its page, its image's alt and the Analytics view", async () => {
    const who = await speaking("de");
    const id = (await saveTrackedCode(who)).id;
    // A code saved without a title (through the API, or before titles were asked for).
    await env.DB.prepare("UPDATE qr_codes SET title = NULL WHERE id = ?").bind(id).run();
    const response = await appFetch(`/dashboard/codes/${id}`, {
      headers: { Cookie: who.cookies },
    });
    const html = await response.text();
    expect(html).toContain("<title>Link zu https://example.com/menu · QR-Code");
    expect(html).toMatch(/alt="QR-Code: Link zu https:\/\/[^"]+\/s\/[A-Za-z0-9_-]+"/);
    expect(textOf(html)).not.toContain("link to");

    const analytics = await textAt(who, `/dashboard/analytics?tz=UTC&code=${id}`);
    expect(analytics).toContain(`URL-QR-Code Nr. ${id}`);
    expect(analytics).not.toContain(`URL QR Code #${id}`);
    // The CSV keeps the English name, as data.
    const csv = await (
      await appFetch(`/dashboard/analytics.csv?tz=UTC&code=${id}`, {
        headers: { Cookie: who.cookies },
      })
    ).text();
    expect(csv).toContain(`Scope,URL QR Code #${id}`);
  });
});
