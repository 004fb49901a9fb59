import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { call, makeKey, type Person, person, saveTrackedCode } from "./api-client";
import { appFetch } from "./app";
import { landOn, postForm } from "./forms";

// A saved code's page in the account's language (issue #32): the page has no locale prefix, so a
// person whose account speaks French gets its words, its toasts and its refusals in French,
// while the refusals themselves stay English in the public API.

const codePage = (id: number) => `/dashboard/codes/${id}`;

async function speaking(language: string) {
  const who = await person("ultimate");
  await env.DB.prepare("UPDATE users SET language = ? WHERE id = ?").bind(language, who.id).run();
  return who;
}

async function pageOf(who: Person, id: number) {
  const response = await appFetch(codePage(id), { headers: { Cookie: who.cookies } });
  const html = await response.text();
  return { status: response.status, html, text: textOf(html) };
}

describe("a code's page in the account's language", () => {
  it("shows an account set to French its code's page in French", async () => {
    const who = await speaking("fr");
    const id = (await saveTrackedCode(who)).id;
    const page = await pageOf(who, id);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<html[^>]* lang="fr"/);
    expect(page.html).toContain("<title>Menu · QR code");
    for (const words of [
      "Lien court imprimé",
      "Modifier la destination",
      "Modification programmée",
      "Historique",
      "Enregistrer le design",
      "Télécharger en PNG",
      "Zone de silence",
      "Tous les scans",
    ]) {
      expect(page.text).toContain(words);
    }
    expect(page.text).not.toContain("Edit destination");
    expect(page.text).not.toContain("Printed short link");

    // A client-side navigation fetches "/dashboard.data": the dashboard's messages (the brand
    // styles' design fields are this namespace's) come along, not only the shell's.
    const navigation = await appFetch("/dashboard.data?tab=styles", {
      headers: { Cookie: who.cookies },
    });
    expect(navigation.status).toBe(200);
    expect(await navigation.text()).toContain("Modifier la destination");
  });

  it("says a destination refused by validation in French, and the API keeps it English", async () => {
    const who = await speaking("fr");
    const id = (await saveTrackedCode(who)).id;
    const refused = await postForm(
      codePage(id),
      { intent: "destination", destination: "not a web address" },
      who.cookies,
    );
    expect(refused.status).toBe(400);
    const text = textOf(await refused.text());
    expect(text).toContain("Saisissez une adresse web valide, comme https://example.com");
    expect(text).not.toContain("Enter a valid web address");

    const same = await postForm(
      codePage(id),
      { intent: "destination", destination: "https://example.com/menu" },
      who.cookies,
    );
    expect(same.status).toBe(400);
    expect(textOf(await same.text())).toContain("Le code mène déjà à https://example.com/menu.");

    const past = await postForm(
      codePage(id),
      {
        intent: "schedule",
        destination: "https://example.com/later",
        at: "2020-01-01T10:00",
        zone: "Europe/Paris",
      },
      who.cookies,
    );
    expect(past.status).toBe(400);
    const pastText = textOf(await past.text());
    expect(pastText).toContain("La modification n'a pas été programmée");
    expect(pastText).toContain("Cette heure est déjà passée.");

    // The public API answers in English whatever the account's language.
    const api = await call(await makeKey(who), "PATCH", `/qr-codes/${id}`, {
      destination: "https://example.com/menu",
    });
    expect(api.status).toBe(400);
    expect(JSON.stringify(api.json)).toContain(
      "The code already leads to https://example.com/menu.",
    );
  });

  it("says a saved destination and a refused design in French", async () => {
    const who = await speaking("fr");
    const id = (await saveTrackedCode(who)).id;
    const saved = await postForm(
      codePage(id),
      { intent: "destination", destination: "https://example.com/new" },
      who.cookies,
    );
    expect(saved.status).toBe(303);
    const after = await landOn(saved, who.cookies);
    expect(after).toContain("Destination enregistrée");
    expect(after).toContain("Les scans mènent désormais à https://example.com/new.");
    expect(after).toMatch(/Modifiée · .+ · par /);

    const design = await postForm(
      codePage(id),
      {
        intent: "design",
        dotShape: "square",
        cornerShape: "square",
        cornerDotShape: "square",
        fgColor: "#eeeeee",
        bgColor: "#ffffff",
        gradientType: "none",
        frame: "none",
        errorCorrection: "M",
        margin: "4",
      },
      who.cookies,
    );
    expect(design.status).toBe(400);
    const text = textOf(await design.text());
    expect(text).toContain("Le design n'a pas été modifié.");
    expect(text).toMatch(/Ces couleurs sont trop proches|Les codes clairs sur fond foncé/);
  });

  it("keeps the page English for an account that chose nothing", async () => {
    const who = await person("ultimate");
    const id = (await saveTrackedCode(who)).id;
    const page = await pageOf(who, id);
    expect(page.text).toContain("Edit destination");
    expect(page.text).toContain("Printed short link:");
  });
});
