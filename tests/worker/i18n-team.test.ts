import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { api, apiTabPost, KEY, person, type Person } from "./api-client";
import { appFetch } from "./app";

// Issue #32 on the Team and API tabs: they have one address and follow the account's language;
// the public API answers the same account in English, with its stable problem types.

async function speaksGerman(who: Person) {
  await env.DB.prepare("UPDATE users SET language = 'de' WHERE id = ?").bind(who.id).run();
}

const page = (who: Person, path: string) =>
  appFetch(path, { headers: { Cookie: who.cookies } }).then((response) => response.text());

/** The cookies of `who` with those a response sets (the flash message of a redirect). */
function withSetCookies(who: Person, response: Response): string {
  const set = response.headers.getSetCookie().map((header) => header.split(";")[0]!);
  return [who.cookies, ...set].join("; ");
}

describe("the Team and API tabs in the account's language", () => {
  it("shows the Team tab in German: headings, roles, seats, the role badge", async () => {
    const owner = await person("ultimate");
    await speaksGerman(owner);
    const html = await page(owner, "/dashboard?tab=team");
    expect(html).toContain('<html lang="de" dir="ltr"');
    const text = textOf(html);
    expect(text).toContain("Mitglieder");
    expect(text).toContain("Jemanden einladen");
    expect(text).toContain("Zwei-Faktor-Anmeldung");
    expect(text).toContain("Du bist Inhaber");
    expect(text).toMatch(/1 von 25 Plätzen belegt/);
    expect(text).toContain("INHABER"); // the role badge
    expect(text).not.toContain("Pending invitations");
    expect(text).not.toContain("Invite someone");
  });

  it("sends a client navigation the tab's messages too (single-fetch data requests)", async () => {
    const owner = await person("ultimate");
    await speaksGerman(owner);
    const data = await page(owner, "/dashboard.data?tab=team");
    expect(data).toContain("team.members.title");
    expect(data).toContain("Mitglieder");
    expect(data).toContain("integrations.api.title");
  });

  it("shows the API tab in German and the one-time key with a German notice", async () => {
    const owner = await person("ultimate");
    await speaksGerman(owner);
    const tab = textOf(await page(owner, "/dashboard?tab=api"));
    expect(tab).toContain("API-Schlüssel");
    expect(tab).toContain("Schlüssel erstellen");
    expect(tab).toContain("Noch keine Schlüssel");
    expect(tab).not.toContain("Create a key");

    const created = await apiTabPost(owner, {
      intent: "create-key",
      name: "Druckstrecke",
      scopes: ["codes:read", "codes:write"],
      expiresOn: "",
    });
    expect(created.status).toBe(200);
    const answer = await created.text();
    const key = KEY.exec(answer)![0];
    const text = textOf(answer);
    expect(text).toContain("Kopiere jetzt deinen neuen Schlüssel");
    expect(text).toContain(
      "„Druckstrecke“ wird nur dieses eine Mal angezeigt. Wir speichern nur einen Hash davon",
    );
    expect(text).not.toContain("Copy your new key now");

    // The list: German words, a date written the German way, "Nie" for never used.
    const listed = textOf(await page(owner, "/dashboard?tab=api"));
    expect(listed).toContain(`qrc_…${key.slice(-4)}`);
    expect(listed).toContain("zuletzt benutzt: Nie");
    expect(listed).toMatch(/Erstellt von Ada Lovelace am \d{1,2}\. \S+ \d{4}/);

    // A shared zod message of the form, in German.
    const refused = await apiTabPost(owner, {
      intent: "create-key",
      name: "",
      scopes: ["codes:read"],
      expiresOn: "",
    });
    expect(refused.status).toBe(400);
    expect(textOf(await refused.text())).toContain("Gib dem Schlüssel einen Namen");

    // The toast of the revocation, made by the action in the account's language.
    const id = await env.DB.prepare("SELECT id FROM api_keys WHERE last_four = ?")
      .bind(key.slice(-4))
      .first<string>("id");
    const revoked = await apiTabPost(owner, { intent: "revoke-key", key: id! });
    expect(revoked.status).toBe(303);
    const landing = await appFetch(revoked.headers.get("Location")!, {
      headers: { Cookie: withSetCookies(owner, revoked) },
    });
    expect(textOf(await landing.text())).toContain("Schlüssel widerrufen");
  });

  it("answers the same account's /api/v1 calls in English, with stable problem types", async () => {
    const owner = await person("ultimate");
    await speaksGerman(owner);
    const created = await apiTabPost(owner, {
      intent: "create-key",
      name: "Druckstrecke",
      scopes: ["codes:read", "codes:write"],
      expiresOn: "",
    });
    const key = KEY.exec(await created.text())![0];
    const invalid = await api(
      key,
      "POST",
      "/images",
      { type: "url", data: { url: "not a url" } },
      { Cookie: `${owner.cookies}; lang=de`, "Accept-Language": "de-DE,de;q=0.9" },
    );
    expect(invalid.status).toBe(400);
    const problem = await invalid.json<{
      type: string;
      title: string;
      errors: { field: string; message: string }[];
    }>();
    expect(problem.type).toMatch(/\/docs\/api#error-invalid-request$/);
    expect(problem.title).toBe("Invalid request");
    expect(problem.errors.find((error) => error.field === "data.url")?.message).toBe(
      "Enter a valid web address, like https://example.com",
    );

    const unauthorized = await api("qrc_" + "x".repeat(40), "GET", "/usage", undefined, {
      Cookie: `${owner.cookies}; lang=de`,
    });
    expect(unauthorized.status).toBe(401);
    const refusal = await unauthorized.json<{ title: string }>();
    expect(refusal.title).toMatch(/^[\x20-\x7e]+$/); // English, no German umlauts or quotes
  });

  it("says in the API reference, in each language, that the API answers in English", async () => {
    const english = textOf(await (await appFetch("/docs/api")).text());
    expect(english).toContain(
      "The API answers in English, whatever language you read this page in",
    );
    const german = textOf(
      await (await appFetch("/docs/api", { headers: { Cookie: "lang=de" } })).text(),
    );
    expect(german).toContain("Die API antwortet auf Englisch");
    expect(german).toContain("API-Referenz");
    // The reference itself stays as the API speaks it.
    expect(german).toContain("Invalid request");
  });
});
