import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { newPerson, signUp } from "./accounts";
import { appFetch, newAddress, ORIGIN } from "./app";

// Issue #32 on /bulk: the file's refusals that name a row, a column or the plan's limit are built
// in app/bulk/csv.ts with their values; the page says them in the account's (or the `lang`
// cookie's) language, while the API keeps the English (tests/worker/api-bulk.test.ts). So are the
// preview's types and contents and a failed batch's error.

async function premium() {
  const { cookie, response } = await signUp({ ...newPerson("bulk-i18n"), plan: "premium" });
  const { id } = await response.json<{ id: string }>();
  return { id, cookie };
}

async function german() {
  const who = await premium();
  await env.DB.prepare("UPDATE users SET language = 'de' WHERE id = ?").bind(who.id).run();
  return who.cookie;
}

async function upload(cookie: string, csv: string) {
  const form = new FormData();
  form.set("file", new File([csv], "codes.csv", { type: "text/csv" }));
  form.set("format", "png");
  const response = await appFetch("/bulk?intent=check", {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: cookie, "CF-Connecting-IP": newAddress() },
    body: form,
  });
  return { status: response.status, html: await response.text() };
}

const rows = (n: number) => `url\n${"https://example.com/menu\n".repeat(n)}`;

describe("/bulk says the file's refusals in the page's language", () => {
  it.each([
    [
      "an unclosed quote, naming its row",
      'url,title\nhttps://example.com,Menu\n"https://example.com/bar,Bar\n',
      "In Zeile 3 wird ein Anführungszeichen nie geschlossen.",
      "Row 3 has a quotation mark",
    ],
    [
      "a column named twice",
      "url,URL\nhttps://a.example,https://b.example\n",
      "Die Spalte „url“ kommt zweimal vor.",
      "appears twice",
    ],
    [
      "more rows than the plan makes in one batch, its limit written the German way",
      rows(1001),
      "Die Datei hat mehr als 1.000 Zeilen mit Codes; so viele erstellt dein Tarif höchstens in einem Stapel.",
      "more than 1,000 rows",
    ],
    [
      "no column it knows, listing the known ones",
      "colour,shade\nred,dark\n",
      "Wir kennen keine der Spalten. Die erste Zeile muss die Spalten benennen, zum Beispiel: type,url,title. Bekannte Spalten: type, title, filename,",
      "None of the columns is one we know",
    ],
  ])("%s, in German for a German account", async (_, csv, said, english) => {
    const { status, html } = await upload(await german(), csv);
    expect(status).toBe(400);
    expect(html).toContain('<html lang="de" dir="ltr"');
    const text = textOf(html);
    expect(text).toContain(said);
    expect(text).not.toContain(english);
    // The alert and the file field's own error both say it.
    expect(text.split(said).length - 1).toBe(2);
  });

  it("follows the lang cookie of an account without a language (Spanish)", async () => {
    const { cookie } = await premium();
    const { status, html } = await upload(`${cookie}; lang=es`, rows(1001));
    expect(status).toBe(400);
    const text = textOf(html);
    expect(text).toContain(
      "El archivo tiene más de 1000 filas de códigos, el máximo que permite tu plan en un lote.",
    );
    expect(text).not.toContain("more than 1,000 rows");
  });

  it("stays English for an English account", async () => {
    const { cookie } = await premium();
    const { status, html } = await upload(cookie, 'url\n"https://example.com\n');
    expect(status).toBe(400);
    expect(textOf(html)).toContain(
      "Row 2 has a quotation mark that is never closed. Check the quotes in that row and upload the file again.",
    );
  });

  it("shows the preview's types and contents in German", async () => {
    const { status, html } = await upload(
      await german(),
      "type,url,firstName,lastName\nurl,https://example.com/menu,,\ncontact,,Ada,Lovelace\n",
    );
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Link zu https://example.com/menu");
    expect(text).toContain("Kontakt Kontaktkarte für Ada Lovelace");
    expect(text).not.toContain("link to");
    expect(text).not.toContain("contact card for");
  });

  it("says a row's design checks (contrast, frame text) in German, as the generator does", async () => {
    const { status, html } = await upload(
      await german(),
      [
        "url,fgColor,frame,frameText",
        "https://example.com/ok,,,",
        "https://example.com/faint,e2e8f0,,",
        "https://example.com/text,,box,Scan me 😀",
      ].join("\n"),
    );
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Diese Farben liegen zu nah beieinander");
    expect(text).toContain(`entferne "😀"`);
    expect(text).not.toContain("too close");
    expect(text).not.toContain("remove");
  });

  it("says a failed batch's error in German on its page", async () => {
    const cookie = await german();
    const { status, html } = await upload(cookie, rows(2));
    expect(status).toBe(200);
    const job = /name="job" value="([0-9a-f-]{36})"/.exec(html)![1]!;
    await env.DB.prepare("UPDATE bulk_jobs SET status = 'failed', error = ? WHERE id = ?")
      .bind("The batch could not be finished. Upload the file again to try once more.", job)
      .run();
    const page = textOf(
      await (await appFetch(`/bulk/${job}`, { headers: { Cookie: cookie } })).text(),
    );
    expect(page).toContain(
      "Der Stapel konnte nicht fertiggestellt werden. Lade die Datei erneut hoch, um es noch einmal zu versuchen.",
    );
    expect(page).not.toContain("could not be finished");
  });
});
