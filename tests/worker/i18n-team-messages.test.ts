import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { textOf } from "../support/html";
import { call, makeKey, person, type Person } from "./api-client";
import { appFetch, newAddress, ORIGIN } from "./app";
import { landOn, pageText } from "./forms";
import { DISABLED_FAILING } from "../../app/webhooks/events";

// Issue #32: the messages the shared modules build with values (hostnames, limits, sizes, names)
// reach the Domains, Integrations, Brand and Team tabs in the account's language; the public
// API answers the same account in English.

async function speaks(who: Person, language: string) {
  await env.DB.prepare("UPDATE users SET language = ? WHERE id = ?").bind(language, who.id).run();
}

function tabPost(who: Person, tab: string, fields: Record<string, string | string[]>) {
  const form = new URLSearchParams({ workspace: personalWorkspaceId(who.id) });
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  return appFetch(`/dashboard?tab=${tab}`, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: who.cookies, "CF-Connecting-IP": newAddress() },
    body: form,
  });
}

/** The refusal's text, or the text of the page a success leads to (with its toast). */
async function answer(who: Person, response: Response) {
  return response.status === 303 ? landOn(response, who.cookies) : textOf(await response.text());
}

const hostname = () => `qr-${crypto.randomUUID().slice(0, 8)}.example.org`;

describe("the Domains tab's outcomes in the account's language", () => {
  it("refuses a hostname, adds, checks and removes a domain in German", async () => {
    const owner = await person("premium");
    await speaks(owner, "de");
    const refused = await tabPost(owner, "domains", {
      intent: "add-domain",
      hostname: "https://qr.example.com/menu",
    });
    expect(refused.status).toBe(400);
    const refusal = await answer(owner, refused);
    expect(refusal).toContain("Gib nur den Hostnamen ein, etwa qr.example.com");
    expect(refusal).not.toContain("Enter only the hostname");

    const host = hostname();
    const added = await tabPost(owner, "domains", { intent: "add-domain", hostname: host });
    expect(added.status).toBe(303);
    expect(await answer(owner, added)).toContain(
      `${host} hinzugefügt. Lege unten den DNS-Eintrag an`,
    );
    const again = await tabPost(owner, "domains", { intent: "add-domain", hostname: host });
    expect(await answer(owner, again)).toContain(
      `${host} gehört bereits zu den Domains dieses Arbeitsbereichs.`,
    );

    const id = await env.DB.prepare("SELECT id FROM custom_domains WHERE hostname = ?")
      .bind(host)
      .first<string>("id");
    const checked = await tabPost(owner, "domains", { intent: "check-domain", domain: id! });
    expect(await answer(owner, checked)).toContain(
      `${host} ist aktiv: Die getrackten Links darauf funktionieren.`,
    );
    const removed = await tabPost(owner, "domains", { intent: "remove-domain", domain: id! });
    expect(await answer(owner, removed)).toContain(`${host} entfernt.`);
    const gone = await tabPost(owner, "domains", { intent: "check-domain", domain: id! });
    expect(gone.status).toBe(404);
    expect(await answer(owner, gone)).toContain("Diese Domain gibt es hier nicht mehr.");

    // The Team tab's log says the same in German, names and hostnames as they are.
    const log = await pageText("/dashboard?tab=team", owner.cookies);
    expect(log).toContain(`Ada Lovelace hat die eigene Domain „${host}“ hinzugefügt`);
    expect(log).toContain(`Ada Lovelace hat die eigene Domain „${host}“ entfernt`);
    expect(log).not.toContain("added the custom domain");
  });

  it("refuses an IP address and a hostname too long, with its limit, in Spanish", async () => {
    const owner = await person("premium");
    await speaks(owner, "es");
    const ip = await tabPost(owner, "domains", { intent: "add-domain", hostname: "192.0.2.10" });
    expect(ip.status).toBe(400);
    expect(await answer(owner, ip)).toContain("Escribe un nombre de host, no una dirección IP.");
    const long = await tabPost(owner, "domains", {
      intent: "add-domain",
      hostname: `${Array.from({ length: 5 }, () => "a".repeat(60)).join(".")}.com`,
    });
    expect(await answer(owner, long)).toContain(
      "Los nombres de host pueden tener como máximo 253 caracteres.",
    );
  });
});

describe("the Integrations tab's webhook refusals in the account's language", () => {
  it("refuses an address and an empty choice of events in Spanish", async () => {
    const owner = await person("ultimate");
    await speaks(owner, "es");
    const credentials = await tabPost(owner, "integrations", {
      intent: "add-endpoint",
      url: "https://user:secret@example.com/hook",
      events: ["qr_code.created"],
    });
    expect(credentials.status).toBe(400);
    const text = await answer(owner, credentials);
    expect(text).toContain("No incluyas usuarios ni contraseñas en la dirección.");
    expect(text).not.toContain("Leave user names and passwords out");

    const noEvents = await tabPost(owner, "integrations", {
      intent: "add-endpoint",
      url: "https://example.com/hook",
    });
    expect(await answer(owner, noEvents)).toContain("Elige al menos un evento.");

    // An endpoint the deliveries disabled says why in Spanish (stored in English).
    const added = await tabPost(owner, "integrations", {
      intent: "add-endpoint",
      url: "https://example.com/hook",
      events: ["qr_code.created"],
    });
    expect(added.status).toBe(200);
    await env.DB.prepare(
      "UPDATE webhook_endpoints SET enabled = 0, disabled_reason = ? WHERE workspace_id = ?",
    )
      .bind(DISABLED_FAILING, personalWorkspaceId(owner.id))
      .run();
    const tab = await pageText("/dashboard?tab=integrations", owner.cookies);
    expect(tab).toContain("Fallaron sus últimas 20 entregas seguidas.");
    expect(tab).not.toContain(DISABLED_FAILING);
  });

  it("names the plan when webhooks are not part of it, in German", async () => {
    const owner = await person("premium");
    await speaks(owner, "de");
    const refused = await tabPost(owner, "integrations", {
      intent: "add-endpoint",
      url: "https://example.com/hook",
      events: ["qr_code.created"],
    });
    expect(refused.status).toBe(403);
    expect(await answer(owner, refused)).toContain(
      "Webhooks gehören zum Tarif Ultimate, und dieser Arbeitsbereich ist im Tarif Premium.",
    );
  });

  it("answers the same refusal on /api/v1 in English", async () => {
    const owner = await person("ultimate");
    await speaks(owner, "de");
    const key = await makeKey(owner, { scopes: ["webhooks:write"] });
    const refused = await call(
      key,
      "POST",
      "/webhooks",
      { url: "https://user:secret@example.com/hook", events: ["qr_code.created"] },
      { Cookie: `${owner.cookies}; lang=de`, "Accept-Language": "de-DE,de;q=0.9" },
    );
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([
      { field: "url", message: "Leave user names and passwords out of the address." },
    ]);
  });
});

describe("the Brand tab's refusals in the account's language", () => {
  it("says the colour's contrast and the favicon's size limit in German", async () => {
    const owner = await person("ultimate");
    await speaks(owner, "de");
    const form = new FormData();
    form.set("intent", "save-brand");
    form.set("workspace", personalWorkspaceId(owner.id));
    form.set("name", "Adas Bäckerei");
    form.set("accentColor", "#3b82f6");
    form.set("supportUrl", "");
    form.set("favicon", new File([new Uint8Array(200 * 1024)], "f.png"));
    const response = await appFetch("/dashboard?tab=brand", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: owner.cookies, "CF-Connecting-IP": newAddress() },
      body: form,
    });
    expect(response.status).toBe(413);
    const text = textOf(await response.text());
    expect(text).toContain(
      "Diese Farbe ist auf Weiß zu hell zum Lesen (Kontrast 3.7:1; mindestens 4.5:1 ist nötig).",
    );
    expect(text).toContain("Wähle ein Favicon unter 100 KB.");
    expect(text).toContain("Zieh ein Bild hierher oder wähle eine Datei");
    expect(text).not.toContain("too light to read");
    expect(text).not.toContain("Drop an image here");
  });
});

describe("the Team tab's session limit toasts in the account's language", () => {
  it("refuses a limit on a personal workspace in German", async () => {
    const owner = await person("ultimate");
    await speaks(owner, "de");
    const refused = await tabPost(owner, "team", { intent: "session-limit", limit: "8h" });
    expect(refused.status).toBe(303);
    const text = await landOn(refused, owner.cookies);
    expect(text).toContain("Sitzungslimit nicht geändert");
    expect(text).toContain("Sitzungslimits gibt es für Team-Arbeitsbereiche");
    expect(text).not.toContain("Session limit not changed");
  });
});

describe("the Team tab's invitation toasts in the account's language", () => {
  it("sends, then refuses a second invitation to the same address, in German", async () => {
    const owner = await person("premium");
    await speaks(owner, "de");
    const email = `eingeladen-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const sent = await tabPost(owner, "team", { intent: "invite", email, role: "editor" });
    expect(sent.status).toBe(303);
    const text = await landOn(sent, owner.cookies);
    expect(text).toContain("Einladung gesendet");
    expect(text).toContain(`${email} ist als Bearbeiter eingeladen.`);
    expect(text).not.toContain("Invitation sent");

    const again = await tabPost(owner, "team", { intent: "invite", email, role: "viewer" });
    const refusal = await landOn(again, owner.cookies);
    expect(refusal).toContain("Bereits eingeladen");
    expect(refusal).toMatch(/hat schon eine Einladung, gültig bis \d{1,2}\.\d{2}\.\d{4}\./);
    expect(refusal).not.toContain("already has an invitation");
  });
});
