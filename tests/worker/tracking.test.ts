import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { textOf } from "../support/html";
import { decodeSingleQr } from "../support/qr-decode";
import { demoSession, postJson, signUp } from "./accounts";
import { appFetch, generate, ORIGIN, SCAN_QUEUE_WAIT } from "./app";
import { rolledUpScans, seedScans } from "./scan-rollups";

function saveTracked(
  cookie: string,
  type = "url",
  data: Record<string, unknown> = { url: "https://example.com/menu" },
) {
  return generate(
    {
      type,
      data,
      customization: { size: 256 },
      title: "Tracked",
      save: "true",
      trackScans: "true",
    },
    { cookie, headers: { Origin: ORIGIN } },
  );
}

async function slugOf(id: number) {
  return (await env.DB.prepare("SELECT slug FROM tracked_links WHERE qr_code_id = ?")
    .bind(id)
    .first<string>("slug"))!;
}

const scansOf = rolledUpScans;

function scan(slug: string) {
  return appFetch(`/s/${slug}`, {
    headers: {
      "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148",
      "CF-Connecting-IP": "198.51.100.77",
    },
    cf: { country: "DE", city: "Berlin" },
  } as RequestInit);
}

describe("scan tracking", () => {
  it("a tracked code encodes its short link, which counts the scan and redirects", async () => {
    const cookie = await demoSession("premium");
    const saved = await saveTracked(cookie);
    expect(saved.status).toBe(200);
    const { id } = await saved.json<{ id: number }>();
    const slug = await slugOf(id);
    expect(slug).toMatch(/^[0-9A-Za-z]{10}$/);

    const png = await appFetch(`/api/qr-codes/${id}/download?format=png`, {
      headers: { Cookie: cookie },
    });
    expect((await decodeSingleQr(new Uint8Array(await png.arrayBuffer()))).text).toBe(
      `${ORIGIN}/s/${slug}`,
    );

    const response = await scan(slug);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://example.com/menu");
    // Scans reach D1 through the scan queue, whose consumer runs after its batch timeout.
    await vi.waitFor(async () => expect(await scansOf(id)).toBe(1), SCAN_QUEUE_WAIT);
    const { results } = await env.DB.prepare(
      "SELECT dimension, value, scans, uniques FROM scan_rollups WHERE qr_code_id = ? ORDER BY dimension",
    )
      .bind(id)
      .all<{ dimension: string; value: string; scans: number; uniques: number }>();
    expect(results.map((r) => [r.dimension, r.value, r.scans, r.uniques])).toEqual([
      ["city", "Berlin", 1, 0],
      ["country", "DE", 1, 0],
      ["device", "mobile", 1, 0],
      ["os", "iOS", 1, 0],
      ["total", "", 1, 1],
    ]);
    // No address is kept: the inbox holds the scanner's daily-salted hash only.
    const inbox = await env.DB.prepare("SELECT * FROM scan_inbox WHERE qr_code_id = ?")
      .bind(id)
      .first<Record<string, unknown>>();
    expect(inbox!.visitor).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(inbox)).not.toContain("198.51.100.77");

    const dashboard = textOf(
      await (await appFetch("/dashboard", { headers: { Cookie: cookie } })).text(),
    );
    expect(dashboard).toContain("DYNAMIC");
    expect(dashboard).toContain(`/s/${slug}`);
  });

  it("keeps redirecting after the owner's plan lapses, without counting", async () => {
    const cookie = await demoSession("ultimate");
    const { id } = await (await saveTracked(cookie)).json<{ id: number }>();
    const slug = await slugOf(id);
    await env.DB.prepare(
      "UPDATE users SET stripe_subscription_id = NULL WHERE id = (SELECT user_id FROM qr_codes WHERE id = ?)",
    )
      .bind(id)
      .run();
    const response = await scan(slug);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://example.com/menu");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await scansOf(id)).toBe(0);
  });

  it("answers a deleted code with a friendly 410, and an unknown link with 404", async () => {
    const cookie = await demoSession("premium");
    const { id } = await (await saveTracked(cookie)).json<{ id: number }>();
    const slug = await slugOf(id);
    await appFetch("/dashboard", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: cookie },
      body: new URLSearchParams({ intent: "delete", id: String(id) }),
    });
    const gone = await scan(slug);
    expect(gone.status).toBe(410);
    expect(textOf(await gone.text())).toContain("This QR code was deleted");
    const unknown = await scan("NoSuchLink1");
    expect(unknown.status).toBe(404);
    expect(textOf(await unknown.text())).toContain("This QR code link does not exist");
  });

  it("is for website codes on paid plans", async () => {
    const { cookie } = await signUp();
    const free = await saveTracked(cookie);
    expect(free.status).toBe(403);
    expect(await free.json()).toMatchObject({
      message: "Scan tracking comes with Premium and Ultimate.",
    });
    const premium = await demoSession("premium");
    const text = await saveTracked(premium, "text", { text: "hello" });
    expect(text.status).toBe(403);
    expect(await text.json()).toMatchObject({
      message: "Only website (URL) codes can track scans.",
    });
  });
});

describe("the dashboard's analytics", () => {
  it("count the last 30 days' scans and downloads, and where and on what codes were scanned", async () => {
    const { cookie } = await signUp();
    expect((await postJson("/api/trial/start", { plan: "premium" }, { cookie })).status).toBe(200);
    const { id } = await (await saveTracked(cookie)).json<{ id: number }>();
    const DAY = 86_400_000;
    const now = Date.now();
    const scans: [number, string, string][] = [
      [now, "DE", "mobile"],
      [now, "DE", "desktop"],
      [now - 3 * DAY, "FR", "mobile"],
      [now - 40 * DAY, "US", "mobile"], // before the chart's 30 days
    ];
    const downloads = [now, now, now - 5 * DAY, now - 31 * DAY];
    await seedScans(
      id,
      scans.map(([at, country, device]) => ({ at, country, device })),
    );
    await env.DB.batch([
      ...downloads.map((at) =>
        env.DB.prepare(
          "INSERT INTO qr_downloads (qr_code_id, format, downloaded_at) VALUES (?, 'png', ?)",
        ).bind(id, at),
      ),
    ]);

    const html = await (await appFetch("/dashboard", { headers: { Cookie: cookie } })).text();
    expect(html).toContain(
      'aria-label="Last 30 days: 3 scans and 3 downloads, at most 2 in a day."',
    );
    const text = textOf(html);
    // Countries named by Intl, device types by the catalogue (the rollups keep "DE", "mobile").
    expect(text).toContain("Scans by country Germany 2 France 1");
    expect(text).toContain("Scans by device Mobile 2 Desktop 1");
    expect(text).toMatch(/Total Scans 4\b/);
    // The code's own line: its scan count and its tracked link.
    expect(text).toMatch(/Tracked URL DYNAMIC Created .* · 4 scans/);
    expect(text).toContain(`/s/${await slugOf(id)}`);
  });
});
