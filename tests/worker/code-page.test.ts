import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db/client.server";
import { workspaceMembers } from "../../app/db/schema";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { textOf } from "../support/html";
import { decodeSingleQr } from "../support/qr-decode";
import { cookieFrom } from "./accounts";
import { type Person, person } from "./api-client";
import { appFetch, generate, ORIGIN } from "./app";
import { landOn, postForm } from "./forms";
import { seedScans } from "./scan-rollups";

// A saved code's page (issue #29 item 8), as a browser without JavaScript uses it: the image,
// content, design, scans and downloads; a new design that leaves the content and the short link
// alone and still scans; a static code's content changed only after a confirmation; and nobody
// outside the workspace, or without the role, changing anything.

const db = createDatabase(env.DB);
const codePage = (id: number) => `/dashboard/codes/${id}`;

async function save(who: Person, fields: Record<string, string>) {
  const response = await generate(
    { customization: { size: 256 }, save: "true", ...fields },
    { cookie: who.cookies, headers: { Origin: ORIGIN } },
  );
  expect(response.status).toBe(200);
  return (await response.json<{ id: number }>()).id;
}

const saveTracked = (who: Person, url = "https://example.com/menu") =>
  save(who, { type: "url", data: JSON.stringify({ url }), title: "Menu", trackScans: "true" });

const saveStatic = (who: Person, url = "https://example.com/flyer") =>
  save(who, { type: "url", data: JSON.stringify({ url }), title: "Flyer" });

async function row(id: number) {
  return env.DB.prepare(
    `SELECT c.data, c.customization, c.type, t.slug, t.target_url
       FROM qr_codes c LEFT JOIN tracked_links t ON t.qr_code_id = c.id WHERE c.id = ?`,
  )
    .bind(id)
    .first<{
      data: string;
      customization: string;
      type: string;
      slug: string | null;
      target_url: string | null;
    }>();
}

async function download(who: Person, id: number, format = "png") {
  return appFetch(`/api/qr-codes/${id}/download?format=${format}`, {
    headers: { Cookie: who.cookies },
  });
}

async function png(who: Person, id: number) {
  const response = await download(who, id);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

async function pageOf(who: Person, id: number) {
  const response = await appFetch(codePage(id), { headers: { Cookie: who.cookies } });
  const html = await response.text();
  return { status: response.status, html, text: textOf(html) };
}

const STYLED = {
  intent: "design",
  dotShape: "rounded",
  cornerShape: "extra-rounded",
  cornerDotShape: "dot",
  fgColor: "#1d4ed8",
  bgColor: "#ffffff",
  cornerColor: "#7c2d12",
  cornerDotColor: "#1d4ed8",
  gradientType: "linear",
  gradientFrom: "#1d4ed8",
  gradientTo: "#4c1d95",
  gradientRotation: "45",
  frame: "box",
  frameText: "Scan the menu",
  frameColor: "#1d4ed8",
  frameTextColor: "#ffffff",
  errorCorrection: "Q",
  margin: "4",
};

async function joinAs(owner: Person, role: "viewer" | "editor") {
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

describe("a code's page shows the code", () => {
  it("with its image, content, design, short link, scans and every download", async () => {
    const owner = await person("premium");
    const id = await saveTracked(owner);
    const { slug } = (await row(id))!;
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    await seedScans(id, [
      { at: now, country: "DE", device: "mobile" },
      { at: now - 10 * day, country: "DE", device: "desktop" },
      { at: now - 40 * day, country: "FR", device: "mobile" },
    ]);

    const page = await pageOf(owner, id);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<img class="code-image" src="data:image\/svg\+xml/);
    expect(page.html).toContain(`alt="QR code: link to ${ORIGIN}/s/${slug}"`);
    expect(page.text).toContain(`Printed short link: ${ORIGIN}/s/${slug}`);
    expect(page.text).toContain("Website address https://example.com/menu");
    expect(page.text).toContain("Dynamic: the image holds the short link");
    expect(page.text).toContain("Dots Square");
    expect(page.text).toContain("Error correction M: Medium (about 15%)");
    expect(page.text).toContain("All scans 3 Last 7 days 1 Last 30 days 2");
    expect(page.text).toContain("Top countries (30 days) Germany: 2");
    expect(page.text).toMatch(
      /Top devices \(30 days\) (Desktop: 1 Mobile: 1|Mobile: 1 Desktop: 1)/,
    );
    for (const format of ["png", "svg", "pdf", "eps"]) {
      expect(page.html).toContain(`href="/api/qr-codes/${id}/download?format=${format}"`);
    }
    const pdf = await download(owner, id, "pdf");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const eps = await download(owner, id, "eps");
    expect(eps.status).toBe(200);
    expect((await eps.text()).startsWith("%!PS-Adobe-3.0 EPSF-3.0")).toBe(true);
  });

  it("shows the plan's locked formats as locked, and a locked download is a clear 403", async () => {
    const owner = await person("free");
    const id = await saveStatic(owner);
    const page = await pageOf(owner, id);
    expect(page.html).toContain(`href="/api/qr-codes/${id}/download?format=png"`);
    expect(page.html).not.toContain(`download?format=pdf`);
    expect(page.text).toContain(
      "PDF Premium PDF and EPS downloads require Premium or Ultimate plan.",
    );
    expect(page.text).toContain("SVG Premium SVG downloads require Premium or Ultimate plan.");
    expect(page.text).toContain("A static code leads straight to its content");
    const pdf = await download(owner, id, "pdf");
    expect(pdf.status).toBe(403);
    expect(await pdf.text()).toBe("PDF and EPS downloads require Premium or Ultimate plan.");
    const odd = await download(owner, id, "gif");
    expect(odd.status).toBe(400);
    expect(await odd.text()).toContain("Choose format=png");
  });
});

describe("editing the design", () => {
  it("changes only the design: the content and short link stay, and the new image decodes to the same", async () => {
    const owner = await person("premium");
    const id = await saveTracked(owner);
    const before = (await row(id))!;
    const beforePng = await png(owner, id);

    const saved = await postForm(codePage(id), STYLED, owner.cookies);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(codePage(id));
    const landed = await landOn(saved, owner.cookies);
    expect(landed).toContain("Design saved");
    expect(landed).toContain("Dots Rounded");
    expect(landed).toContain("Corners Extra rounded");
    expect(landed).toContain("Frame Box, text under the code: “Scan the menu”");

    const after = (await row(id))!;
    expect(after.slug).toBe(before.slug);
    expect(after.target_url).toBe(before.target_url);
    expect(after.data).toBe(before.data);
    expect(JSON.parse(after.customization)).toMatchObject({
      size: 256,
      dotShape: "rounded",
      gradient: { type: "linear", from: "#1d4ed8", to: "#4c1d95", rotation: 45 },
      frame: "box",
      errorCorrection: "Q",
    });
    const afterPng = await png(owner, id);
    expect(afterPng).not.toEqual(beforePng);
    const decoded = await decodeSingleQr(afterPng);
    expect(decoded.text).toBe(`${ORIGIN}/s/${before.slug}`);
    expect(decoded.ecLevel).toBe("Q");
    // Scans still lead where they did.
    const scan = await appFetch(`/s/${before.slug}`);
    expect(scan.headers.get("Location")).toBe("https://example.com/menu");
  });

  it("keeps a static code's content, which its new image still encodes", async () => {
    const owner = await person("free");
    const id = await saveStatic(owner);
    const before = (await row(id))!;
    const saved = await postForm(codePage(id), { ...STYLED, frame: "none" }, owner.cookies);
    expect(saved.status).toBe(303);
    expect((await row(id))!.data).toBe(before.data);
    expect((await decodeSingleQr(await png(owner, id))).text).toBe("https://example.com/flyer");
  });

  it("refuses a design that would not scan, naming the part, and changes nothing", async () => {
    const owner = await person("premium");
    const id = await saveTracked(owner);
    const before = (await row(id))!;
    const cases: [Record<string, string>, string][] = [
      [{ gradientTo: "#f1f5f9" }, "The gradient's light end is too close to the background"],
      [{ cornerColor: "#fafafa" }, "corner"],
      [{ frameText: "x".repeat(31) }, "The frame text can be at most 30 characters."],
      [{ dotShape: "hexagon" }, "Choose a dot shape"],
      [{ margin: "1" }, "The margin must be at least 4 modules"],
    ];
    for (const [change, message] of cases) {
      const refused = await postForm(codePage(id), { ...STYLED, ...change }, owner.cookies);
      expect(refused.status).toBe(400);
      const html = await refused.text();
      const text = textOf(html);
      expect(text).toContain("The design was not changed.");
      expect(text.toLowerCase()).toContain(message.toLowerCase());
      expect(html).toContain('id="result"');
      // The form shows what was sent, to correct it.
      expect(html).toContain('value="#1d4ed8"');
    }
    expect((await row(id))!.customization).toBe(before.customization);
  });
});

describe("editing a static code's content", () => {
  it("asks first, because the printed image changes, and saves once confirmed", async () => {
    const owner = await person("free");
    const id = await saveStatic(owner);
    const page = await pageOf(owner, id);
    expect(page.text).toContain("Edit content");
    expect(page.text).toContain("changing it changes the image");

    const asked = await postForm(
      codePage(id),
      { intent: "content", url: "https://example.com/new-flyer" },
      owner.cookies,
    );
    expect(asked.status).toBe(200);
    const askedText = textOf(await asked.text());
    expect(askedText).toContain("Change the printed code?");
    expect(askedText).toContain("copies already printed keep showing the old content");
    expect(askedText).toContain("Yes, change the printed code");
    expect(JSON.parse((await row(id))!.data)).toEqual({ url: "https://example.com/flyer" });

    const confirmed = await postForm(
      codePage(id),
      { intent: "content", url: "https://example.com/new-flyer", confirm: "yes" },
      owner.cookies,
    );
    expect(confirmed.status).toBe(303);
    expect(await landOn(confirmed, owner.cookies)).toContain("Content saved");
    expect(JSON.parse((await row(id))!.data)).toEqual({ url: "https://example.com/new-flyer" });
    expect((await decodeSingleQr(await png(owner, id))).text).toBe("https://example.com/new-flyer");
  });

  it("refuses bad content with the field's message, and a dynamic code's content", async () => {
    const owner = await person("premium");
    const id = await saveStatic(owner);
    const bad = await postForm(
      codePage(id),
      { intent: "content", url: "ftp://example.com", confirm: "yes" },
      owner.cookies,
    );
    expect(bad.status).toBe(400);
    expect(textOf(await bad.text())).toContain("Enter a valid web address");
    expect(JSON.parse((await row(id))!.data)).toEqual({ url: "https://example.com/flyer" });

    const tracked = await saveTracked(owner);
    const dynamic = await postForm(
      codePage(tracked),
      { intent: "content", url: "https://example.com/elsewhere", confirm: "yes" },
      owner.cookies,
    );
    expect(dynamic.status).toBe(400);
    expect(textOf(await dynamic.text())).toContain("This is a dynamic code");
    expect((await pageOf(owner, tracked)).text).not.toContain("Change the content");
  });
});

describe("who may see and change a code", () => {
  it("answers 404 for another workspace's code, and changes nothing", async () => {
    const owner = await person("premium");
    const id = await saveTracked(owner);
    const before = await row(id);
    const stranger = await person("premium");
    expect((await pageOf(stranger, id)).status).toBe(404);
    expect((await pageOf(stranger, 999_999_999)).status).toBe(404);
    const design = await postForm(codePage(id), STYLED, stranger.cookies);
    expect(design.status).toBe(404);
    expect(textOf(await design.text())).toContain("There is no such QR code in this workspace.");
    const content = await postForm(
      codePage(id),
      { intent: "content", url: "https://example.com/x", confirm: "yes" },
      stranger.cookies,
    );
    expect(content.status).toBe(404);
    expect(await row(id)).toEqual(before);
  });

  it("lets a viewer see the code but not change it; an editor may", async () => {
    const owner = await person("premium");
    const id = await saveStatic(owner);
    const viewer = await joinAs(owner, "viewer");
    const page = await pageOf(viewer, id);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Website address https://example.com/flyer");
    expect(page.text).toContain("lets you see and download this code, not change it");
    expect(page.text).not.toContain("Save design");
    expect(page.text).not.toContain("Change the content");
    const refused = await postForm(codePage(id), STYLED, viewer.cookies);
    expect(refused.status).toBe(403);
    expect(textOf(await refused.text())).toContain("lets you see and download codes");
    const before = (await row(id))!;
    expect(JSON.parse(before.customization)).not.toHaveProperty("dotShape");

    const editor = await joinAs(owner, "editor");
    expect((await postForm(codePage(id), STYLED, editor.cookies)).status).toBe(303);
    expect(JSON.parse((await row(id))!.customization)).toHaveProperty("dotShape", "rounded");
  });

  it("refuses a post from another site, as every form does", async () => {
    const owner = await person("premium");
    const id = await saveStatic(owner);
    const before = await row(id);
    const forged = await appFetch(codePage(id), {
      method: "POST",
      headers: { Origin: "https://evil.example", Cookie: owner.cookies },
      body: new URLSearchParams(STYLED),
    });
    expect(forged.status).toBe(403);
    expect(await row(id)).toEqual(before);
  });
});
