import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { linksOf, textOf } from "../support/html";
import { decodeSingleQr } from "../support/qr-decode";
import { cookieFrom, demoSession, signUp } from "./accounts";
import { appFetch, generate, ORIGIN } from "./app";
import { seedScans } from "./scan-rollups";

interface SaveOptions {
  type?: string;
  data?: Record<string, unknown>;
  title?: string;
}

function saveRequest(
  cookie: string | null,
  {
    type = "url",
    data = { url: "https://example.com/saved" },
    title = "My code",
  }: SaveOptions = {},
) {
  return generate(
    {
      type,
      data,
      customization: { size: 256, fgColor: "#1d4ed8", bgColor: "#ffffff" },
      title,
      save: "true",
    },
    { cookie, headers: { Origin: ORIGIN } },
  );
}

const download = (id: number, format: "png" | "svg", cookie?: string) =>
  appFetch(`/api/qr-codes/${id}/download?format=${format}`, {
    headers: { "CF-Connecting-IP": "198.51.100.23", ...(cookie ? { Cookie: cookie } : {}) },
  });

const shareIdOf = async (id: number) =>
  env.DB.prepare("SELECT share_id FROM qr_codes WHERE id = ?").bind(id).first<string>("share_id");

async function savedId(response: Response): Promise<number> {
  expect(response.status).toBe(200);
  const body = await response.json<{ id: number; dataURL: string; qrCode: { id: number } }>();
  expect(body.dataURL).toMatch(/^data:image\/png;base64,/);
  expect(body.qrCode.id).toBe(body.id);
  return body.id;
}

describe("saving through the API", () => {
  it("needs an account", async () => {
    const response = await saveRequest(null);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: "Authentication required" });
  });

  it("needs a title", async () => {
    const { cookie } = await signUp();
    const response = await saveRequest(cookie, { title: "   " });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: "Please enter a title for your QR code.",
    });
  });

  it("saves only the Free plan's types for a free user", async () => {
    const { cookie } = await signUp();
    const response = await saveRequest(cookie, {
      type: "wifi",
      data: { ssid: "Cafe", password: "a long passphrase", encryption: "WPA" },
    });
    expect(response.status).toBe(403);
    expect((await response.json<{ message: string }>()).message).toContain(
      "Upgrade to Premium to save Wi-Fi codes",
    );
    expect(
      await savedId(await saveRequest(cookie, { type: "text", data: { text: "hello" } })),
    ).toBeGreaterThan(0);
  });

  it("holds the Free plan's limit of 3 under 10 simultaneous saves", async () => {
    const { cookie } = await signUp();
    await savedId(await saveRequest(cookie, { title: "one" }));
    await savedId(await saveRequest(cookie, { title: "two" }));
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => saveRequest(cookie, { title: `race ${i}` })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(9);
    const refused = responses.find((r) => r.status === 403)!;
    expect(await refused.json()).toMatchObject({
      message: "Free plan limited to 3 QR codes. Upgrade to create more.",
    });
    const list = await appFetch("/api/qr-codes", { headers: { Cookie: cookie } });
    expect(await list.json()).toHaveLength(3);
  });

  it("lets a premium user save every type beyond the free limit", async () => {
    const cookie = await demoSession("premium");
    const before = (
      await (await appFetch("/api/qr-codes", { headers: { Cookie: cookie } })).json<unknown[]>()
    ).length;
    for (let i = 0; i < 4; i++) {
      await savedId(
        await saveRequest(cookie, {
          type: "wifi",
          data: { ssid: `Net ${i}`, password: "a long passphrase", encryption: "WPA" },
        }),
      );
    }
    const after = await (
      await appFetch("/api/qr-codes", { headers: { Cookie: cookie } })
    ).json<unknown[]>();
    expect(after.length).toBe(before + 4);
  });
});

describe("downloading a saved code", () => {
  it("gives the owner a PNG that decodes, records it and counts it", async () => {
    const { cookie } = await signUp();
    const id = await savedId(
      await saveRequest(cookie, { data: { url: "https://example.com/owned" } }),
    );
    const response = await download(id, "png", cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(
      /attachment; filename="qr-example.com.png"/,
    );
    expect((await decodeSingleQr(new Uint8Array(await response.arrayBuffer()))).text).toBe(
      "https://example.com/owned",
    );
    const row = await env.DB.prepare(
      "SELECT format, user_id IS NOT NULL AS has_user, ip_address FROM qr_downloads WHERE qr_code_id = ?",
    )
      .bind(id)
      .first<{ format: string; has_user: number; ip_address: string }>();
    expect(row).toMatchObject({ format: "png", has_user: 1 });
    expect(row!.ip_address).not.toContain("198.51.100.23");
    expect(row!.ip_address).toMatch(/^[0-9a-f]{32}$/);
    const [code] = await (
      await appFetch("/api/qr-codes", { headers: { Cookie: cookie } })
    ).json<{ downloadCount: number }[]>();
    expect(code!.downloadCount).toBe(1);
  });

  it("answers 404 to anyone else for a private code, and serves it once it is public", async () => {
    const { cookie } = await signUp();
    const id = await savedId(await saveRequest(cookie));
    const stranger = await signUp();
    expect((await download(id, "png", stranger.cookie)).status).toBe(404);
    expect((await download(id, "png")).status).toBe(404);
    expect((await download(999_999, "png", cookie)).status).toBe(404);
    const shareId = "AbCdEfGhIjKlMnOpQrStUv";
    await env.DB.prepare("UPDATE qr_codes SET is_public = 1, share_id = ? WHERE id = ?")
      .bind(shareId, id)
      .run();
    // Shared, it answers anyone at its unguessable share id; its numeric id stays members' only.
    expect((await appFetch(`/api/qr-codes/${shareId}/download?format=png`)).status).toBe(200);
    expect((await download(id, "png")).status).toBe(404);
  });

  it("keeps SVG for Premium and Ultimate, served inert", async () => {
    const free = await signUp();
    const freeId = await savedId(await saveRequest(free.cookie));
    const refused = await download(freeId, "svg", free.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe("SVG downloads require Premium or Ultimate plan.");

    const premium = await demoSession("premium");
    const id = await savedId(
      await saveRequest(premium, { data: { url: "https://example.com/vector" } }),
    );
    const svg = await download(id, "svg", premium);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(svg.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(await svg.text()).toMatch(/^<svg[^>]+width="256"/);
  });
});

describe("saving from the generator page without JavaScript", () => {
  const fields = {
    type: "url",
    url: "https://example.com/form",
    size: "256",
    fg: "000000",
    bg: "ffffff",
  };

  it("sends a visitor to sign up first", async () => {
    const response = await appFetch("/?index", {
      method: "POST",
      headers: { Origin: ORIGIN },
      body: new URLSearchParams({ ...fields, title: "Menu" }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(
      /^\/auth\?mode=signup&reason=save&redirect=%2F%3Ftype%3Durl/,
    );
  });

  it("saves with a title, says so, and the dashboard lists it", async () => {
    const { cookie } = await signUp();
    const response = await appFetch("/?index", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: cookie },
      body: new URLSearchParams({ ...fields, title: "Café menu" }),
    });
    expect(response.status).toBe(303);
    // Back to the generator, which shows the saved code (issue #29 item 1).
    expect(response.headers.get("Location")).toMatch(
      /^\/\?type=url&url=https%3A%2F%2Fexample.com%2Fform&size=256&fg=000000&bg=ffffff&saved=\d+#generator$/,
    );
    const flash = cookieFrom(response, "qr_flash")!;
    const page = await appFetch(response.headers.get("Location")!, {
      headers: { Cookie: `${cookie}; ${flash}` },
    });
    expect(textOf(await page.text())).toContain("QR code saved");
    const dashboard = textOf(
      await (await appFetch("/dashboard", { headers: { Cookie: cookie } })).text(),
    );
    expect(dashboard).toContain("Café menu");
    expect(dashboard).toContain("URL");
  });

  it("shows the empty state before anything is saved", async () => {
    const { cookie } = await signUp();
    const dashboard = textOf(
      await (await appFetch("/dashboard", { headers: { Cookie: cookie } })).text(),
    );
    expect(dashboard).toContain("No QR Codes Yet");
    expect(dashboard).toContain("Create Your First QR Code");
  });
});

describe("the generator's own download links for people with accounts", () => {
  const query = "type=url&url=https%3A%2F%2Fexample.com%2Flink&size=256&fg=000000&bg=ffffff";

  it("give SVG to Premium, and keep sending visitors and Free users to the plans", async () => {
    const premium = await demoSession("premium");
    const svg = await appFetch(`/download.svg?${query}`, { headers: { Cookie: premium } });
    expect(svg.status).toBe(200);
    expect(svg.headers.get("Content-Disposition")).toBe(
      'attachment; filename="qr-example.com.svg"',
    );
    const free = await signUp();
    for (const cookie of [free.cookie, undefined]) {
      const refused = await appFetch(`/download.svg?${query}`, {
        headers: cookie ? { Cookie: cookie } : {},
      });
      expect(refused.status).toBe(303);
      expect(refused.headers.get("Location")).toContain("notice=svg-plan");
    }
  });

  it("have no daily allowance for a signed-in user", async () => {
    const { cookie } = await signUp();
    for (let i = 0; i < 5; i++) {
      const png = await appFetch(`/download.png?${query}&n=${i}`, {
        headers: { Cookie: cookie, "CF-Connecting-IP": "198.51.100.99" },
      });
      expect(png.status).toBe(200);
    }
  });
});

describe("managing saved codes from the dashboard (plain forms)", () => {
  function manage(cookie: string, fields: Record<string, string>) {
    return appFetch("/dashboard", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: cookie },
      body: new URLSearchParams(fields),
    });
  }
  const codes = async (cookie: string) =>
    (await appFetch("/api/qr-codes", { headers: { Cookie: cookie } })).json<
      { id: number; title: string; isPublic: boolean }[]
    >();

  it("renames, shares and deletes the owner's code, and nobody else's", async () => {
    const owner = await signUp();
    const id = await savedId(await saveRequest(owner.cookie, { title: "Old name" }));
    const stranger = await signUp();

    for (const fields of <Record<string, string>[]>[
      { intent: "rename", id: String(id), title: "Hijacked" },
      { intent: "visibility", id: String(id), public: "true" },
      { intent: "delete", id: String(id) },
    ]) {
      const response = await manage(stranger.cookie, fields);
      expect(response.status).toBe(303);
    }
    expect(await codes(owner.cookie)).toMatchObject([{ id, title: "Old name", isPublic: false }]);

    await manage(owner.cookie, { intent: "rename", id: String(id), title: "New name" });
    await manage(owner.cookie, { intent: "visibility", id: String(id), public: "true" });
    expect(await codes(owner.cookie)).toMatchObject([{ id, title: "New name", isPublic: true }]);
    const shared = `/api/qr-codes/${await shareIdOf(id)}/download?format=png`;
    expect((await appFetch(shared)).status).toBe(200);

    const confirm = await appFetch(`/dashboard?delete=${id}`, {
      headers: { Cookie: owner.cookie },
    });
    expect(textOf(await confirm.text())).toContain("Delete “New name”?");
    const deleted = await manage(owner.cookie, { intent: "delete", id: String(id) });
    expect(deleted.status).toBe(303);
    expect(await codes(owner.cookie)).toEqual([]);
    expect((await download(id, "png")).status).toBe(404);
    expect((await appFetch(shared)).status).toBe(404);
    const history = await env.DB.prepare(
      "SELECT count(*) AS n FROM qr_downloads WHERE qr_code_id = ?",
    )
      .bind(id)
      .first("n");
    expect(history).toBe(0);
  });

  it("sends a visitor who posts to sign in", async () => {
    const response = await appFetch("/dashboard", {
      method: "POST",
      headers: { Origin: ORIGIN },
      body: new URLSearchParams({ intent: "delete", id: "1" }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^\/auth\?mode=signin/);
  });
});

describe("analytics", () => {
  it("GET /api/analytics gives the signed-in user's totals and recent codes", async () => {
    expect((await appFetch("/api/analytics")).status).toBe(401);
    const { cookie } = await signUp();
    const id = await savedId(await saveRequest(cookie, { title: "Counted" }));
    await download(id, "png", cookie);
    await download(id, "png", cookie);
    await seedScans(id, [{ at: Date.now() }]);
    const body = await (await appFetch("/api/analytics", { headers: { Cookie: cookie } })).json();
    expect(body).toMatchObject({
      totalQRCodes: 1,
      totalDownloads: 2,
      totalScans: 1,
      recentQRCodes: [{ id, title: "Counted", downloadCount: 2, scanCount: 1, engagementRate: 50 }],
    });
  });

  it("shows the cards on Premium and the upgrade invitation on Free", async () => {
    const premium = textOf(
      await (
        await appFetch("/dashboard", { headers: { Cookie: await demoSession("premium") } })
      ).text(),
    );
    for (const card of ["Total QR Codes", "Total Downloads", "Total Scans", "Engagement Rate"]) {
      expect(premium).toContain(card);
    }
    const { cookie } = await signUp();
    const free = textOf(
      await (await appFetch("/dashboard", { headers: { Cookie: cookie } })).text(),
    );
    expect(free).toContain("Analytics is a Premium Feature");
    expect(free).toContain("Upgrade to Premium");
    expect(free).not.toContain("Total Scans");
  });
});

describe("a long list of codes", () => {
  it("is shown 20 at a time, newest first, with links between pages (issue #29: by cursor)", async () => {
    const cookie = await demoSession("ultimate");
    for (let i = 1; i <= 22; i++) await savedId(await saveRequest(cookie, { title: `Paged ${i}` }));
    const firstHtml = await (await appFetch("/dashboard", { headers: { Cookie: cookie } })).text();
    const first = textOf(firstHtml);
    expect(first).toContain("Paged 22");
    expect(first).not.toContain("Paged 2 ");
    const next = linksOf(firstHtml).find((link) => link.text === "Next page")?.href;
    expect(next).toMatch(/^\/dashboard\?after=/);
    const second = textOf(await (await appFetch(next!, { headers: { Cookie: cookie } })).text());
    expect(second).toContain("Paged 1 ");
    expect(second).toContain("Previous page");
    expect(second).not.toContain("Paged 22");
  });
});
