import { env } from "cloudflare:workers";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { strFromU8, unzipSync } from "fflate";
import Papa from "papaparse";
import { describe, expect, it, vi } from "vitest";
import { runChunk } from "../../app/bulk/jobs.server";
import { sweepBulkJobs } from "../../app/jobs/bulk-sweep.server";
import { createDatabase } from "../../app/db/client.server";
import { encodePayload } from "../../app/qr/payload";
import type { QrContent } from "../../app/qr/types";
import { textOf } from "../support/html";
import { decodeSingleQr } from "../support/qr-decode";
import { establishAccount, newPerson, signUp } from "./accounts";
import { appFetch, newAddress, ORIGIN } from "./app";
import { latestMail } from "./mail";

// Bulk generation (issue #17) as a person without JavaScript uses it: upload a CSV to /bulk, read
// the check, go on, open the batch's page, download the ZIP. Every image in it is decoded with
// zxing and compared with its row; the manifest is read as a spreadsheet would read it.

interface Person {
  id: string;
  email: string;
  cookie: string;
}

async function person(plan: "free" | "premium" | "ultimate" = "premium"): Promise<Person> {
  const { person: details, cookie, response } = await signUp({ ...newPerson("bulk"), plan });
  const { id } = await response.json<{ id: string }>();
  return { id, email: details.email, cookie };
}

function upload(
  who: Person,
  csv: string | Uint8Array,
  options: Record<string, string> = {},
  fileName = "codes.csv",
) {
  const form = new FormData();
  form.set("file", new File([csv as BlobPart], fileName, { type: "text/csv" }));
  for (const [name, value] of Object.entries({ format: "png", size: "256", ...options })) {
    form.set(name, value);
  }
  return appFetch("/bulk?intent=check", {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: who.cookie, "CF-Connecting-IP": newAddress() },
    body: form,
  });
}

function start(who: Person, job: string) {
  return appFetch("/bulk?intent=start", {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: who.cookie },
    body: new URLSearchParams({ job }),
  });
}

const jobIdOf = (html: string) => /name="job" value="([0-9a-f-]{36})"/.exec(html)?.[1];

/** Uploads, checks that the batch is accepted, goes on; returns the batch's id. */
async function run(who: Person, csv: string, options: Record<string, string> = {}) {
  const checked = await upload(who, csv, options);
  const html = await checked.text();
  expect(checked.status, textOf(html)).toBe(200);
  const job = jobIdOf(html)!;
  expect(job).toBeDefined();
  const started = await start(who, job);
  expect(started.status).toBe(303);
  expect(started.headers.get("Location")).toBe(`/bulk/${job}`);
  return job;
}

async function download(who: Person, job: string) {
  const response = await appFetch(`/bulk/${job}/download`, { headers: { Cookie: who.cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/zip");
  expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename=".+\.zip"$/);
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

function manifestOf(files: Record<string, Uint8Array>) {
  const parsed = Papa.parse<Record<string, string>>(strFromU8(files["manifest.csv"]!), {
    header: true,
    skipEmptyLines: true,
  });
  return parsed.data;
}

async function rasterise(svg: string): Promise<Uint8Array> {
  await initWasm(resvgWasm).catch(() => {}); // already initialised by the app in this isolate
  return new Resvg(svg, { fitTo: { mode: "width", value: 512 } }).render().asPng();
}

describe("/bulk for people who cannot use it", () => {
  it("tells a visitor what it does and how to get it", async () => {
    const text = textOf(await (await appFetch("/bulk")).text());
    expect(text).toContain("One spreadsheet in, a ZIP of QR codes out");
    expect(text).toContain("Bulk generation comes with Premium (1,000 codes a batch)");
    expect(text).toContain("Create an account");
  });

  it("shows the Free plan an upgrade, and refuses its uploads with 403", async () => {
    const ada = await person("free");
    const page = textOf(
      await (await appFetch("/bulk", { headers: { Cookie: ada.cookie } })).text(),
    );
    expect(page).toContain("Your workspace is on the Free plan.");
    expect(page).toContain("Upgrade your plan");
    const refused = await upload(ada, "url\nhttps://example.com\n");
    expect(refused.status).toBe(403);
    expect(textOf(await refused.text())).toContain("Bulk generation comes with Premium");
  });
});

describe("a small batch, answered directly", () => {
  it("checks every row, then makes a ZIP whose images decode to their rows, with a safe manifest", async () => {
    const ada = await person("premium");
    // A semicolon file with a byte-order mark, as European spreadsheets save it; a quoted cell
    // with a newline; an unknown column; names that need making safe; a formula; a bad row.
    const csv = [
      "\uFEFFType;URL;Text;SSID;Password;Title;Filename;Notes;FG",
      "url;example.com/menu;;;;Table 1;menu;x;",
      'text;;"Line one\nLine two";;;=HYPERLINK("http://evil");;;1d4ed8',
      "wifi;;;Cafe Guest;coffee-time;Guest;../../etc/passwd;;",
      "url;https://example.com/a;;;;;menu;;",
      "url;https://example.com/b;;;;;MENU;;",
      "email;;;;;;;;",
      "url;https://example.com/c;;;;Contrast;;;eeeeee",
      "url;https://example.com/d;;;;;\u0007bell\u0001;;",
    ].join("\r\n");
    const checked = await upload(ada, csv, { format: "both", save: "on" }, "tables.csv");
    const html = await checked.text();
    const text = textOf(html);
    expect(checked.status).toBe(200);
    expect(text).toContain("tables.csv: 6 of 8 rows ready");
    expect(text).toContain("Ignored columns we do not know: Notes");
    expect(text).toContain("2 rows have problems");
    // The email row has no address: the generator's own message, with its row and column.
    expect(html).toMatch(
      /<td>7<\/td><td><code>email<\/code><\/td><td>Enter an e-mail address<\/td>/,
    );
    expect(html).toMatch(/<td>8<\/td><td><code>fg<\/code><\/td><td>[^<]*contrast/i);
    expect(text).toContain("Generate 6 codes");
    // The preview shows the first rows with their codes.
    expect(html).toContain('alt="QR code for row 2"');

    const job = jobIdOf(html)!;
    const started = await start(ada, job);
    expect(started.status).toBe(303);
    const jobPage = textOf(
      await (await appFetch(`/bulk/${job}`, { headers: { Cookie: ada.cookie } })).text(),
    );
    expect(jobPage).toContain("Your ZIP is ready: 6 codes and manifest.csv");

    const files = await download(ada, job);
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      [
        "manifest.csv",
        "menu.png",
        "menu.svg",
        "etc-passwd.png",
        "etc-passwd.svg",
        "menu-2.png",
        "menu-2.svg",
        "MENU-3.png",
        "MENU-3.svg",
        "=HYPERLINK(-http--evil-).png",
        "=HYPERLINK(-http--evil-).svg",
        "bell.png",
        "bell.svg",
      ].sort(),
    );
    const expected: Record<string, QrContent> = {
      menu: { type: "url", url: "https://example.com/menu" },
      "=HYPERLINK(-http--evil-)": { type: "text", text: "Line one\nLine two" },
      "etc-passwd": {
        type: "wifi",
        ssid: "Cafe Guest",
        password: "coffee-time",
        encryption: "WPA",
        hidden: false,
      },
      "menu-2": { type: "url", url: "https://example.com/a" },
      "MENU-3": { type: "url", url: "https://example.com/b" },
      bell: { type: "url", url: "https://example.com/d" },
    };
    for (const [name, content] of Object.entries(expected)) {
      expect((await decodeSingleQr(files[`${name}.png`]!)).text, name).toBe(encodePayload(content));
      const svg = strFromU8(files[`${name}.svg`]!);
      expect((await decodeSingleQr(await rasterise(svg))).text, name).toBe(encodePayload(content));
    }
    // Row 3's colour came from its fg cell.
    expect(strFromU8(files["=HYPERLINK(-http--evil-).svg"]!)).toContain("#1d4ed8");

    const manifest = manifestOf(files);
    expect(manifest.map((line) => [line.row, line.status])).toEqual([
      ["2", "ok"],
      ["3", "ok"],
      ["4", "ok"],
      ["5", "ok"],
      ["6", "ok"],
      ["7", "invalid"],
      ["8", "invalid"],
      ["9", "ok"],
    ]);
    expect(manifest[0]!.filename).toBe("menu.png menu.svg");
    expect(manifest[5]!.error).toBe("email: Enter an e-mail address");
    // Saved as codes: each row's code id is in the manifest and in the workspace.
    const ids = manifest
      .filter((line) => line.status === "ok")
      .map((line) => Number(line["code id"]));
    expect(ids.every((id) => id > 0)).toBe(true);
    const saved = await env.DB.prepare(
      "SELECT id, title FROM qr_codes WHERE bulk_job_id = ? ORDER BY bulk_row",
    )
      .bind(job)
      .all<{ id: number; title: string }>();
    expect(saved.results.map((row) => row.id)).toEqual(ids);
    expect(saved.results[1]!.title).toBe('=HYPERLINK("http://evil")');
    // The raw manifest: the formula title is not in it, and no cell starts a formula.
    const raw = strFromU8(files["manifest.csv"]!);
    expect(raw.split("\r\n")[0]).toBe("row,status,filename,code id,tracked link,error");
    expect(raw.split("\r\n")[2]).toMatch(
      /^3,ok,"'=HYPERLINK\(-http--evil-\)\.png =HYPERLINK\(-http--evil-\)\.svg",\d+,,$/,
    );
  });

  it("neutralises manifest cells a spreadsheet would run as formulas", async () => {
    const ada = await person("premium");
    const csv = [
      "url,filename",
      "https://example.com/1,=cmd",
      "https://example.com/2,+sum",
      "https://example.com/3,@at",
      "https://example.com/4,-minus",
    ].join("\n");
    const job = await run(ada, csv);
    const raw = strFromU8((await download(ada, job))["manifest.csv"]!);
    expect(raw).toContain("'=cmd.png");
    expect(raw).toContain("'+sum.png");
    expect(raw).toContain("'@at.png");
    expect(raw).toContain("'-minus.png");
    for (const line of raw.split("\r\n").slice(1)) {
      for (const cell of line.split(",")) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });
});

describe("bad files", () => {
  const cases: [string, string | Uint8Array, RegExp][] = [
    ["an empty file", "", /The file is empty/],
    ["only a header", "type,url\n", /only a header row/],
    [
      "not a CSV",
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]),
      /This is not a CSV file/,
    ],
    [
      "a spreadsheet file",
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
      /This is not a CSV file/,
    ],
    ["no known column", "name,town\nAda,London\n", /None of the columns is one we know/],
    [
      "an unclosed quote",
      'url,title\nhttps://example.com,"Table 1\n',
      /quotation mark that is never closed/,
    ],
    [
      "over the row limit",
      `url\n${"https://example.com\n".repeat(1001)}`,
      /more than 1,000 rows of codes/,
    ],
  ];
  it.each(cases)(
    "refuses %s with a clear message and makes no batch",
    async (_label, csv, message) => {
      const ada = await person("premium");
      const response = await upload(ada, csv);
      expect(response.status).toBe(400);
      expect(textOf(await response.text())).toMatch(message);
      const jobs = await env.DB.prepare("SELECT count(*) AS n FROM bulk_jobs WHERE created_by = ?")
        .bind(ada.id)
        .first<{ n: number }>();
      expect(jobs?.n).toBe(0);
    },
  );

  it("refuses a file over 5 MB", async () => {
    const ada = await person("ultimate");
    const big = `text\n${`${"x".repeat(999)}\n`.repeat(5300)}`;
    const response = await upload(ada, big);
    expect(response.status).toBe(413);
    expect(textOf(await response.text())).toContain("larger than 5 MB");
  });

  it("lists rows whose content is too long, or whose type is unknown; none valid means no batch", async () => {
    const ada = await person("premium");
    const csv = `type,text\ntext,${"x".repeat(2400)}\nbarcode,hello\n`;
    const response = await upload(ada, csv);
    expect(response.status).toBe(422);
    const text = textOf(await response.text());
    expect(text).toContain(
      "This content is too long for a QR code: it needs 2,400 bytes and the limit is 2,331.",
    );
    expect(text).toContain("Choose one of the seven code types");
    expect(text).not.toContain("Generate");
  });

  it("caps every cell, and names hostile file names in linear time (issue #27)", async () => {
    const ada = await person("premium");
    // Dots and spaces that end in a letter: the old trimming regex took seconds on these.
    const hostile = `${". ".repeat(400_000)}x`;
    const started = Date.now();
    const response = await upload(
      ada,
      `type,url,filename\nurl,https://example.com/a,"${hostile}"\n`,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(response.status).toBe(422);
    const text = textOf(await response.text());
    expect(text).toContain("2 filename This can be at most 5,000 characters.");
  });

  it("checks the batch's options: colours that do not contrast are refused", async () => {
    const ada = await person("premium");
    const response = await upload(ada, "url\nhttps://example.com\n", {
      fg: "#ffffff",
      bg: "#fefefe",
    });
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toMatch(/contrast/i);
  });

  it("does not show or start another workspace's batch", async () => {
    const ada = await person("premium");
    const eve = await person("premium");
    const job = await run(ada, "url\nhttps://example.com\n");
    expect((await appFetch(`/bulk/${job}`, { headers: { Cookie: eve.cookie } })).status).toBe(404);
    expect(
      (await appFetch(`/bulk/${job}/download`, { headers: { Cookie: eve.cookie } })).status,
    ).toBe(404);
    expect((await start(eve, job)).status).toBe(404);
  });
});

describe("a large batch, made in the background", () => {
  it("makes 150 tracked codes in chunks on the queue, e-mails the person, and every image scans to its row's short link", async () => {
    const ada = await person("premium");
    await establishAccount(ada.id); // past a new account's first-day limit on tracked links
    const rows = Array.from(
      { length: 150 },
      (_, i) => `https://example.com/item/${i + 1},Item ${i + 1}`,
    );
    const job = await run(ada, ["url,title", ...rows].join("\n"), { track: "on" });
    const first = await (
      await appFetch(`/bulk/${job}`, { headers: { Cookie: ada.cookie } })
    ).text();
    // Without JavaScript the page refreshes itself until the batch is done.
    if (!textOf(first).includes("Your ZIP is ready")) {
      expect(textOf(first)).toMatch(/(Queued|Making codes): \d+ of 150/);
      expect(first).toContain('http-equiv="refresh"');
    }
    await vi.waitFor(
      async () => {
        const page = await appFetch(`/bulk/${job}`, { headers: { Cookie: ada.cookie } });
        expect(textOf(await page.text())).toContain("Your ZIP is ready: 150 codes");
      },
      { timeout: 60_000, interval: 250 },
    );
    const mail = await latestMail(ada.email, /Your 150 codes from codes\.csv are ready/);
    expect(mail?.links[0]).toBe(`${ORIGIN}/bulk/${job}`);

    const files = await download(ada, job);
    const manifest = manifestOf(files);
    expect(manifest).toHaveLength(150);
    expect(Object.keys(files)).toHaveLength(151);
    for (const [i, line] of manifest.entries()) {
      expect(line.status).toBe("ok");
      expect(line.filename).toBe(`Item ${i + 1}.png`);
      expect(line["tracked link"]).toMatch(new RegExp(`^${ORIGIN}/s/[0-9A-Za-z]{10}$`));
      const decoded = await decodeSingleQr(files[line.filename ?? ""]!);
      expect(decoded.text).toBe(line["tracked link"]);
    }
    // A short link leads to its row's address.
    const slug = manifest[41]!["tracked link"]!.split("/s/")[1];
    const scan = await appFetch(`/s/${slug}`);
    expect(scan.headers.get("Location")).toBe("https://example.com/item/42");
  });
});

describe("a chunk delivered twice", () => {
  it("saves its rows once and is counted once", async () => {
    const ada = await person("premium");
    const rows = Array.from({ length: 120 }, (_, i) => `https://example.com/twice/${i + 1}`);
    const checked = await upload(ada, ["url", ...rows].join("\n"), { save: "on" });
    const job = jobIdOf(await checked.text())!;
    // As if "Generate" had queued it: two chunks, made here by hand, the first one twice.
    await env.DB.prepare("UPDATE bulk_jobs SET status = 'queued', chunks = 2 WHERE id = ?")
      .bind(job)
      .run();
    await runChunk({ jobId: job, chunk: 0 });
    await runChunk({ jobId: job, chunk: 0 });
    const state = () =>
      env.DB.prepare(
        "SELECT status, done_rows AS done, (SELECT count(*) FROM qr_codes WHERE bulk_job_id = ?) AS codes FROM bulk_jobs WHERE id = ?",
      )
        .bind(job, job)
        .first<{ status: string; done: number; codes: number }>();
    expect(await state()).toEqual({ status: "running", done: 100, codes: 100 });
    // Then both chunks go through the queue as usual (the first for a third time) and complete
    // the batch; the ZIP is written by the app as in production.
    await env.BULK_QUEUE.sendBatch([
      { body: { jobId: job, chunk: 0 } },
      { body: { jobId: job, chunk: 1 } },
    ]);
    await vi.waitFor(
      async () => expect(await state()).toEqual({ status: "done", done: 120, codes: 120 }),
      { timeout: 30_000, interval: 200 },
    );
    const files = await download(ada, job);
    expect(Object.keys(files)).toHaveLength(121);
    expect(manifestOf(files).map((line) => line.status)).toEqual(Array(120).fill("ok"));
  });
});

describe("after 7 days", () => {
  it("the nightly sweep deletes the batch and its files; its page and download answer 404", async () => {
    const ada = await person("premium");
    const job = await run(ada, "url\nhttps://example.com/old\n");
    const files = () => env.LOGOS.list({ prefix: `bulk/${job}/` }).then((list) => list.objects);
    expect(await files()).toHaveLength(1);
    const eightDays = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    const report = await sweepBulkJobs(createDatabase(env.DB), env.LOGOS, eightDays);
    expect(report.expiredJobs).toBeGreaterThanOrEqual(1);
    expect(await files()).toHaveLength(0);
    expect((await appFetch(`/bulk/${job}`, { headers: { Cookie: ada.cookie } })).status).toBe(404);
    const gone = await appFetch(`/bulk/${job}/download`, { headers: { Cookie: ada.cookie } });
    expect(gone.status).toBe(404);
  });
});
