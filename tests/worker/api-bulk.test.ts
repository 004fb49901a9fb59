import { env } from "cloudflare:workers";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { strFromU8, unzipSync } from "fflate";
import Papa from "papaparse";
import { describe, expect, it, vi } from "vitest";
import { encodePayload } from "../../app/qr/payload";
import type { QrContent } from "../../app/qr/types";
import { decodeSingleQr } from "../support/qr-decode";
import { documented } from "./api-contract";
import { type Answer, call, makeKey, person } from "./api-client";
import { appFetch, newAddress } from "./app";
import { latestMail } from "./mail";

// POST /api/v1/bulk-jobs and GET /api/v1/bulk-jobs/{id}[/archive] (issue #17) as a customer's
// server uses them: JSON rows or a CSV upload in, a ZIP out. Every answer is checked against the
// OpenAPI document and every image in the archive is decoded with zxing and compared with its row.

/** A CSV upload as curl -F sends it: multipart/form-data with a fresh boundary each time. */
async function upload(
  key: string,
  csv: string,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  form.set("file", new File([csv], "tables.csv", { type: "text/csv" }));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await appFetch("/api/v1/bulk-jobs", {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "CF-Connecting-IP": newAddress(), ...headers },
    body: form,
  });
  const { json } = await documented("POST", "/api/v1/bulk-jobs", response);
  return { status: response.status, headers: response.headers, json: json as Answer };
}

async function archive(key: string, job: Answer) {
  expect(job.archive.url).toMatch(new RegExp(`/api/v1/bulk-jobs/${job.id}/archive$`));
  const { status, bytes, headers } = await call(key, "GET", `/bulk-jobs/${job.id}/archive`);
  expect(status).toBe(200);
  expect(headers.get("Content-Disposition")).toMatch(/^attachment; filename=".+\.zip"$/);
  expect(bytes!.length).toBe(job.archive.bytes);
  const files = unzipSync(bytes!);
  const manifest = Papa.parse<Record<string, string>>(strFromU8(files["manifest.csv"]!), {
    header: true,
    skipEmptyLines: true,
  }).data;
  return { files, manifest };
}

async function rasterise(svg: string): Promise<Uint8Array> {
  await initWasm(resvgWasm).catch(() => {}); // already initialised in this isolate
  return new Resvg(svg, { fitTo: { mode: "width", value: 512 } }).render().asPng();
}

const jobsOf = async (workspaceOwner: string) =>
  (
    await env.DB.prepare(
      "SELECT count(*) AS n FROM bulk_jobs WHERE workspace_id = (SELECT id FROM workspaces WHERE owner_id = ? AND personal = 1)",
    )
      .bind(workspaceOwner)
      .first<{ n: number }>()
  )?.n;

describe("POST /api/v1/bulk-jobs with JSON rows", () => {
  it("makes a small batch before answering: a ZIP whose images decode to their rows, saved as codes", async () => {
    const ada = await person("ultimate");
    const key = await makeKey(ada);
    const rows = [
      { type: "url", URL: "example.com/menu", title: "Menu", notes: "ignored" },
      { type: "wifi", ssid: "Cafe Guest", password: "espresso123", encryption: "wpa2" },
      { type: "text", text: "Table 12", filename: "table-12", size: 256, fg: "#1d4ed8" },
    ];
    const { status, json, headers } = await call(key, "POST", "/bulk-jobs", {
      rows,
      save: true,
      name: "Spring menu",
    });
    expect(status).toBe(201);
    expect(headers.get("Location")).toMatch(new RegExp(`/api/v1/bulk-jobs/${json.id}$`));
    expect(json).toMatchObject({
      status: "done",
      name: "Spring menu",
      rows: { checked: 3, valid: 3, invalid: 0, done: 3 },
      options: { format: "png", size: 512, save: true, trackScans: false },
      invalidRows: [],
      ignoredColumns: ["notes"],
      error: null,
    });

    const { files, manifest } = await archive(key, json);
    expect(Object.keys(files).sort()).toEqual(
      ["manifest.csv", "Menu.png", "row-2.png", "table-12.png"].sort(),
    );
    const expected: Record<string, QrContent> = {
      "Menu.png": { type: "url", url: "https://example.com/menu" },
      "row-2.png": {
        type: "wifi",
        ssid: "Cafe Guest",
        password: "espresso123",
        encryption: "WPA",
        hidden: false,
      },
      "table-12.png": { type: "text", text: "Table 12" },
    };
    for (const [name, content] of Object.entries(expected)) {
      expect((await decodeSingleQr(files[name]!)).text, name).toBe(encodePayload(content));
    }
    expect(manifest.map((line) => [line.row, line.status, line.filename])).toEqual([
      ["1", "ok", "Menu.png"],
      ["2", "ok", "row-2.png"],
      ["3", "ok", "table-12.png"],
    ]);
    // Each row is a saved code of the key's workspace, readable through the API.
    const code = await call(key, "GET", `/qr-codes/${manifest[0]!["code id"]}`);
    expect(code.status).toBe(200);
    expect(code.json).toMatchObject({ title: "Menu", type: "url" });

    // The batch can be read back, without the creation-only lists.
    const again = await call(key, "GET", `/bulk-jobs/${json.id}`);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ id: json.id, status: "done", rows: { done: 3 } });
    expect(again.json.invalidRows).toBeUndefined();
    // A small batch answered directly sends no e-mail: the answer was the news.
    expect(await latestMail(ada.email, /are ready/)).toBeUndefined();
  });

  it("refuses a batch with invalid rows (422, every row named) and makes nothing, unless told to skip them", async () => {
    const ada = await person("ultimate");
    const key = await makeKey(ada);
    const rows = [
      { url: "https://example.com/a" },
      { url: "not a web address" },
      { type: "text", text: "x".repeat(3000) },
      { type: "sticker", url: "https://example.com/b" },
    ];
    const refused = await call(key, "POST", "/bulk-jobs", { rows });
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe("invalid_rows");
    expect(refused.json.detail).toBe(
      "3 rows of 4 cannot be made, so nothing was made. Fix them, or send skipInvalidRows: true to make the other 1 row.",
    );
    expect(refused.json.errors.map((error: Answer) => error.field)).toEqual([
      "rows[1].url",
      "rows[2].text",
      "rows[3].type",
    ]);
    expect(refused.json.errors[0].message).toMatch(/web address/i);
    expect(refused.json.errors[1].message).toMatch(/too long|too much/i);
    expect(await jobsOf(ada.id)).toBe(0);

    const skipped = await call(key, "POST", "/bulk-jobs", { rows, skipInvalidRows: true });
    expect(skipped.status).toBe(201);
    expect(skipped.json.rows).toEqual({ checked: 4, valid: 1, invalid: 3, done: 1 });
    expect(skipped.json.invalidRows.map((problem: Answer) => problem.row)).toEqual([2, 3, 4]);
    const { manifest } = await archive(key, skipped.json);
    expect(manifest.map((line) => line.status)).toEqual(["ok", "invalid", "invalid", "invalid"]);

    const none = await call(key, "POST", "/bulk-jobs", {
      rows: [{ url: "" }],
      skipInvalidRows: true,
    });
    expect(none.status).toBe(422);
    expect(none.json.detail).toBe(
      "None of the rows can be made, so nothing was made. Each is listed in errors.",
    );
  });

  it("says what is wrong with the options and the body, field by field", async () => {
    const ada = await person("ultimate");
    const key = await makeKey(ada);
    const rows = [{ url: "https://example.com" }];
    const grey = await call(key, "POST", "/bulk-jobs", {
      rows,
      fgColor: "#eeeeee",
      bgColor: "#ffffff",
    });
    expect(grey.status).toBe(400);
    expect(grey.json.errors[0].field).toBe("fgColor");
    expect(grey.json.errors[0].message).toMatch(/contrast/i);

    const size = await call(key, "POST", "/bulk-jobs", { rows, size: 300 });
    expect(size.status).toBe(400);
    expect(size.json.errors).toEqual([
      { field: "size", message: "Choose a size of 256, 512, 1024 or 2048 pixels." },
    ]);
    const empty = await call(key, "POST", "/bulk-jobs", { rows: [] });
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual([{ field: "rows", message: "Send at least one row." }]);
    const format = await call(key, "POST", "/bulk-jobs", { rows, format: "gif" });
    expect(format.json.errors).toEqual([{ field: "format", message: "Choose png, svg or both." }]);

    const text = await appFetch("/api/v1/bulk-jobs", {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "text/plain" },
      body: "url\nhttps://example.com\n",
    });
    expect(text.status).toBe(415);
    const { json } = await documented("POST", "/api/v1/bulk-jobs", text);
    expect(json!.detail).toContain("multipart/form-data");
    expect(await jobsOf(ada.id)).toBe(0);
  });

  it("makes a large batch in the background: queued, then done, with every image scanning to its row", async () => {
    const ada = await person("ultimate");
    const key = await makeKey(ada);
    const rows = Array.from({ length: 150 }, (_, i) => ({
      url: `https://example.com/seat/${i + 1}`,
      title: `Seat ${i + 1}`,
    }));
    const created = await call(key, "POST", "/bulk-jobs", { rows, size: 256 });
    expect(created.status).toBe(201);
    expect(created.json.rows.valid).toBe(150);
    if (created.json.status !== "done") {
      expect(["queued", "running"]).toContain(created.json.status);
      expect(created.json.archive).toBeNull();
    }
    await vi.waitFor(
      async () => {
        const { json } = await call(key, "GET", `/bulk-jobs/${created.json.id}`);
        expect(json.status).toBe("done");
      },
      { timeout: 60_000, interval: 250 },
    );
    const { json: done } = await call(key, "GET", `/bulk-jobs/${created.json.id}`);
    expect(done.rows.done).toBe(150);
    const { files, manifest } = await archive(key, done);
    expect(manifest).toHaveLength(150);
    for (const [i, line] of manifest.entries()) {
      expect(line.filename).toBe(`Seat ${i + 1}.png`);
      expect((await decodeSingleQr(files[line.filename!]!)).text).toBe(
        `https://example.com/seat/${i + 1}`,
      );
    }
    // A batch made in the background e-mails the key's creator.
    await vi.waitFor(
      async () =>
        expect(
          await latestMail(ada.email, /Your 150 codes from API batch are ready/),
        ).toBeDefined(),
      { timeout: 10_000, interval: 250 },
    );
  });
});

describe("POST /api/v1/bulk-jobs with a CSV file", () => {
  it("takes the /bulk page's CSV as multipart/form-data, with the options as fields", async () => {
    const ada = await person("ultimate");
    const key = await makeKey(ada);
    const csv =
      "\uFEFFType;URL;Phone;Title;Notes\r\nurl;https://example.com/x;;X;a\r\nphone;;+1 555 0100;Call;b\r\n";
    const { status, json } = await upload(key, csv, { format: "both", size: "256", save: "false" });
    expect(status).toBe(201);
    expect(json).toMatchObject({
      status: "done",
      name: "tables.csv",
      options: { format: "both", size: 256, save: false },
      ignoredColumns: ["Notes"],
    });
    const { files, manifest } = await archive(key, json);
    expect(Object.keys(files).sort()).toEqual(
      ["Call.png", "Call.svg", "X.png", "X.svg", "manifest.csv"].sort(),
    );
    expect((await decodeSingleQr(files["X.png"]!)).text).toBe("https://example.com/x");
    expect((await decodeSingleQr(await rasterise(strFromU8(files["Call.svg"]!)))).text).toBe(
      encodePayload({ type: "phone", phone: "+1 555 0100" }),
    );
    // CSV rows keep the spreadsheet's numbers: the header is row 1.
    expect(manifest.map((line) => line.row)).toEqual(["2", "3"]);
    expect(manifest[0]!["code id"]).toBe("");
  });

  it("names the CSV's mistakes by row and column, and refuses what is not a CSV", async () => {
    const ada = await person("ultimate");
    const key = await makeKey(ada);
    const bad = await upload(key, "url,title\nhttps://example.com,A\nftp//nope,B\n");
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toHaveLength(1);
    expect(bad.json.errors[0].field).toBe("file");
    expect(bad.json.errors[0].message).toMatch(/^Row 3, url: /);

    const header = await upload(key, "url,title\n");
    expect(header.status).toBe(400);
    expect(header.json.errors).toEqual([
      {
        field: "file",
        message: "The file has only a header row. Add one row for each code you want.",
      },
    ]);
    const form = new FormData();
    form.set("format", "png");
    const noFile = await appFetch("/api/v1/bulk-jobs", {
      method: "POST",
      headers: { Authorization: `Bearer ${key}` },
      body: form,
    });
    expect(noFile.status).toBe(400);
    const { json } = await documented("POST", "/api/v1/bulk-jobs", noFile);
    expect(json!.errors).toEqual([
      { field: "file", message: "Attach the CSV file as the field `file`." },
    ]);
    expect(await jobsOf(ada.id)).toBe(0);
  });

  it("the same upload with the same Idempotency-Key makes one batch, though each try has its own boundary", async () => {
    const ada = await person("ultimate");
    const key = await makeKey(ada);
    const csv = "url\nhttps://example.com/once\n";
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const first = await upload(key, csv, {}, headers);
    const second = await upload(key, csv, {}, headers);
    expect(first.status).toBe(201);
    expect(second.json.id).toBe(first.json.id);
    expect(await jobsOf(ada.id)).toBe(1);
    const other = await upload(key, "url\nhttps://example.com/twice\n", {}, headers);
    expect(other.status).toBe(422);
    expect(other.json.code).toBe("idempotency_key_reused");
  });
});

describe("reading batches", () => {
  it("never shows another workspace's batch or archive, and says when an archive is not ready", async () => {
    const ada = await person("ultimate");
    const bob = await person("ultimate");
    const adaKey = await makeKey(ada);
    const bobKey = await makeKey(bob);
    const { json } = await call(adaKey, "POST", "/bulk-jobs", {
      rows: [{ url: "https://example.com/private" }],
    });
    for (const path of [`/bulk-jobs/${json.id}`, `/bulk-jobs/${json.id}/archive`]) {
      const stranger = await call(bobKey, "GET", path);
      expect(stranger.status, path).toBe(404);
      expect(stranger.json.code).toBe("not_found");
    }
    const malformed = await call(adaKey, "GET", "/bulk-jobs/42");
    expect(malformed.status).toBe(400);

    // A batch still being made has no archive yet.
    await env.DB.prepare("UPDATE bulk_jobs SET status = 'running', done_rows = 0 WHERE id = ?")
      .bind(json.id)
      .run();
    const early = await call(adaKey, "GET", `/bulk-jobs/${json.id}/archive`);
    expect(early.status).toBe(409);
    expect(early.json.detail).toBe(
      "This batch is still being made (0 of 1 rows). Get the batch until its status is done.",
    );
  });

  it("needs codes:write to make a batch, and a plan with bulk generation", async () => {
    const ada = await person("ultimate");
    const readOnly = await makeKey(ada, { scopes: ["codes:read"] });
    const refused = await call(readOnly, "POST", "/bulk-jobs", {
      rows: [{ url: "https://example.com" }],
    });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("insufficient_scope");
    expect(await jobsOf(ada.id)).toBe(0);
  });
});
