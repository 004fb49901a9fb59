import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { textOf } from "../support/html";
import { decodeSingleQr } from "../support/qr-decode";
import { type Answer, call, makeKey } from "./api-client";
import { newPerson, signUp } from "./accounts";
import { appFetch, generate, newAddress, ORIGIN } from "./app";
import { landOn } from "./forms";

// Brand styles (issue #28): a workspace's saved designs, made on the dashboard without
// JavaScript, then used by `styleId` on the download links, both APIs and bulk. Every image is
// decoded with zxing, and drawn exactly as the same design sent field by field; another
// workspace's style is not found anywhere.

const TAB = "/dashboard?tab=styles";

interface Person {
  id: string;
  cookie: string;
  workspace: string;
}

async function person(plan: "free" | "premium" | "ultimate" = "premium"): Promise<Person> {
  const { cookie, response } = await signUp({ ...newPerson("styles"), plan });
  const { id } = await response.json<{ id: string }>();
  return { id, cookie, workspace: personalWorkspaceId(id) };
}

/** The design the tests save: rounded dots, round corners, a blue ring, a "Scan me" box. */
const DESIGN = {
  dotShape: "rounded",
  cornerShape: "extra-rounded",
  cornerDotShape: "dot",
  fgColor: "#1e293b",
  bgColor: "#ffffff",
  cornerColor: "#1d4ed8",
  frame: "box",
  frameText: "Scan me",
  frameColor: "#1d4ed8",
  frameTextColor: "#ffffff",
  errorCorrection: "Q",
  margin: "4",
  logoSize: "medium",
  logoClear: "on",
};

function tabPost(who: Person, fields: Record<string, string>, workspace = who.workspace) {
  return appFetch(TAB, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: who.cookie, "CF-Connecting-IP": newAddress() },
    body: new URLSearchParams({ workspace, ...fields }),
  });
}

async function styleRows(who: Person) {
  const { results } = await env.DB.prepare(
    "SELECT id, name, design FROM brand_styles WHERE workspace_id = ? ORDER BY name",
  )
    .bind(who.workspace)
    .all<{ id: string; name: string; design: string }>();
  return results.map((row) => ({
    ...row,
    design: JSON.parse(row.design) as Record<string, unknown>,
  }));
}

/** Saves a style on the tab, as a person without JavaScript; returns its id. */
async function saveStyle(
  who: Person,
  name = "Spring menu",
  design: Record<string, string> = DESIGN,
) {
  const response = await tabPost(who, { intent: "create-style", name, ...design });
  expect(response.status, textOf(await response.clone().text())).toBe(303);
  const id = /#style-(bs_[0-9a-f]{32})$/.exec(response.headers.get("Location") ?? "")?.[1];
  expect(id).toBeDefined();
  return id!;
}

const setRole = (who: Person, role: string) =>
  env.DB.prepare("UPDATE workspace_members SET role = ? WHERE user_id = ?")
    .bind(role, who.id)
    .run();

/** The query string of the same design as DESIGN, field by field, as the download links name them. */
const EXPLICIT =
  "dotShape=rounded&cornerShape=extra-rounded&cornerDotShape=dot&fg=1e293b&bg=ffffff&cornerColor=%231d4ed8&frame=box&frameText=Scan+me&frameColor=%231d4ed8&frameTextColor=%23ffffff&errorCorrection=Q";
const CONTENT = "type=url&url=https%3A%2F%2Fexample.com%2Fmenu&size=512";

describe("the Brand styles tab, without JavaScript", () => {
  it("saves, renames, changes and deletes a style, and the audit log tells of each", async () => {
    const ada = await person("premium");
    const id = await saveStyle(ada);
    const [saved] = await styleRows(ada);
    expect(saved).toMatchObject({ id, name: "Spring menu" });
    expect(saved!.design).toMatchObject({
      dotShape: "rounded",
      frame: "box",
      cornerColor: "#1d4ed8",
    });
    const page = textOf(await (await appFetch(TAB, { headers: { Cookie: ada.cookie } })).text());
    expect(page).toContain("Spring menu");
    expect(page).toContain(id);

    const renamed = await tabPost(ada, {
      intent: "update-style",
      id,
      name: "Summer menu",
      ...DESIGN,
      frame: "banner",
    });
    expect(renamed.status).toBe(303);
    expect(await landOn(renamed, ada.cookie)).toContain("Style updated");
    expect((await styleRows(ada))[0]).toMatchObject({
      name: "Summer menu",
      design: { frame: "banner" },
    });

    const deleted = await tabPost(ada, { intent: "delete-style", id });
    expect(deleted.status).toBe(303);
    expect(await styleRows(ada)).toEqual([]);
    const { results } = await env.DB.prepare(
      "SELECT action, details FROM audit_events WHERE workspace_id = ? AND action LIKE 'style.%' ORDER BY id",
    )
      .bind(ada.workspace)
      .all<{ action: string; details: string }>();
    expect(results.map((row) => row.action)).toEqual([
      "style.created",
      "style.updated",
      "style.deleted",
    ]);
    const team = textOf(
      await (await appFetch("/dashboard?tab=team", { headers: { Cookie: ada.cookie } })).text(),
    );
    expect(team).toContain("renamed the brand style “Spring menu” to “Summer menu”");
  });

  it("refuses a design that would not scan with a message naming the part, a taken name, and a 51st style", async () => {
    const ada = await person("premium");
    const faint = await tabPost(ada, {
      intent: "create-style",
      name: "Faint",
      ...DESIGN,
      gradientType: "linear",
      gradientFrom: "#1e293b",
      gradientTo: "#f1f5f9",
    });
    expect(faint.status).toBe(400);
    expect(textOf(await faint.text())).toMatch(
      /gradient's light end is too close to the background/i,
    );
    const badShape = await tabPost(ada, {
      intent: "create-style",
      name: "Odd",
      ...DESIGN,
      dotShape: "hexagon",
    });
    expect(badShape.status).toBe(400);
    expect(textOf(await badShape.text())).toContain("Choose a dot shape");
    expect(await styleRows(ada)).toEqual([]);

    await saveStyle(ada, "Menu");
    const again = await tabPost(ada, { intent: "create-style", name: "Menu", ...DESIGN });
    expect(again.status).toBe(409);
    expect(textOf(await again.text())).toContain("already has a style named “Menu”");

    const statements = Array.from({ length: 49 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO brand_styles (id, workspace_id, name, design, created_at, updated_at) VALUES (?, ?, ?, '{}', 0, 0)",
      ).bind(`bs_${crypto.randomUUID().replaceAll("-", "")}`, ada.workspace, `Style ${i}`),
    );
    await env.DB.batch(statements);
    const full = await tabPost(ada, { intent: "create-style", name: "One more", ...DESIGN });
    expect(full.status).toBe(409);
    expect(textOf(await full.text())).toContain("A workspace can keep at most 50 brand styles.");
  });

  it("shows Free the feature locked with the reason, and refuses its posts with 403, never a 5xx", async () => {
    const free = await person("free");
    const page = textOf(await (await appFetch(TAB, { headers: { Cookie: free.cookie } })).text());
    expect(page).toContain(
      "Brand styles come with Premium and Ultimate; this workspace is on Free.",
    );
    expect(page).not.toContain("Save style");
    const refused = await tabPost(free, { intent: "create-style", name: "Mine", ...DESIGN });
    expect(refused.status).toBe(403);
    expect(textOf(await refused.text())).toContain(
      "Brand styles (saved designs) come with Premium and Ultimate.",
    );
    expect(await styleRows(free)).toEqual([]);
  });

  it("lets a viewer see the styles but not change them; an editor may", async () => {
    const ada = await person("premium");
    const id = await saveStyle(ada);
    await setRole(ada, "viewer");
    const page = textOf(await (await appFetch(TAB, { headers: { Cookie: ada.cookie } })).text());
    expect(page).toContain("Spring menu");
    expect(page).toContain("lets you use its brand styles, not change them");
    for (const fields of [
      { intent: "create-style", id: "", name: "Viewer's", ...DESIGN },
      { intent: "update-style", id, name: "Renamed", ...DESIGN },
      { intent: "delete-style", id, name: "" },
    ] as Record<string, string>[]) {
      expect((await tabPost(ada, fields)).status).toBe(403);
    }
    expect((await styleRows(ada)).map((row) => row.name)).toEqual(["Spring menu"]);
    await setRole(ada, "editor");
    expect((await tabPost(ada, { intent: "delete-style", id })).status).toBe(303);
  });

  it("does not find another workspace's style: rename and delete answer 404 and change nothing", async () => {
    const ada = await person("premium");
    const bob = await person("premium");
    const bobs = await saveStyle(bob, "Bob's");
    expect(
      (await tabPost(ada, { intent: "update-style", id: bobs, name: "Mine now", ...DESIGN }))
        .status,
    ).toBe(404);
    expect((await tabPost(ada, { intent: "delete-style", id: bobs })).status).toBe(404);
    expect((await styleRows(bob)).map((row) => row.name)).toEqual(["Bob's"]);
  });
});

describe("styleId on the download links", () => {
  it("draws the style exactly as the same fields would, decodes, and lets the link's own fields override it", async () => {
    const ada = await person("premium");
    const id = await saveStyle(ada);
    const get = (query: string) =>
      appFetch(`/download.png?${query}`, { headers: { Cookie: ada.cookie } });
    const styled = await get(`${CONTENT}&styleId=${id}`);
    expect(styled.status, await styled.clone().text()).toBe(200);
    const bytes = new Uint8Array(await styled.arrayBuffer());
    expect((await decodeSingleQr(bytes)).text).toBe("https://example.com/menu");
    const explicit = new Uint8Array(await (await get(`${CONTENT}&${EXPLICIT}`)).arrayBuffer());
    expect(bytes).toEqual(explicit);

    // The link's own fields win over the style's.
    const svg = (query: string) =>
      appFetch(`/download.svg?${query}`, { headers: { Cookie: ada.cookie } }).then((r) => r.text());
    const overridden = await svg(`${CONTENT}&styleId=${id}&frame=none&fg=7c2d12`);
    expect(overridden).toBe(
      await svg(
        `${CONTENT}&${EXPLICIT.replace("frame=box", "frame=none").replace("fg=1e293b", "fg=7c2d12")}`,
      ),
    );
    expect(overridden).not.toBe(await svg(`${CONTENT}&styleId=${id}`));
  });

  it("is only for signed-in members of the style's workspace: 404 for another workspace, 403 for visitors and Free", async () => {
    const ada = await person("premium");
    const id = await saveStyle(ada);
    const bob = await person("premium");
    const other = await appFetch(`/download.png?${CONTENT}&styleId=${id}`, {
      headers: { Cookie: bob.cookie },
    });
    expect(other.status).toBe(404);
    expect(await other.text()).toContain(`There is no brand style ${id} in this workspace.`);
    const visitor = await appFetch(`/download.png?${CONTENT}&styleId=${id}`);
    expect(visitor.status).toBe(403);
    expect(await visitor.text()).toContain("sign in as one of its members");
    // After a downgrade the styles are kept but not drawn.
    await env.DB.prepare(
      "UPDATE users SET subscription_plan = 'free', subscription_status = 'inactive', is_trial_active = 0 WHERE id = ?",
    )
      .bind(ada.id)
      .run();
    const downgraded = await appFetch(`/download.png?${CONTENT}&styleId=${id}`, {
      headers: { Cookie: ada.cookie },
    });
    expect(downgraded.status).toBe(403);
    expect(textOf(await downgraded.text())).toContain(
      "Brand styles (saved designs) come with Premium and Ultimate.",
    );
  });
});

describe("styleId in /api/qr-codes/generate", () => {
  it("draws a member's style, and refuses another workspace's with 404", async () => {
    const ada = await person("premium");
    const id = await saveStyle(ada);
    const response = await generate(
      {
        type: "url",
        data: { url: "https://example.com/menu" },
        customization: { styleId: id, size: 512 },
      },
      { cookie: ada.cookie },
    );
    expect(response.status).toBe(200);
    const { dataURL } = await response.json<{ dataURL: string }>();
    const png = Uint8Array.from(atob(dataURL.split(",")[1]!), (c) => c.charCodeAt(0));
    expect((await decodeSingleQr(png)).text).toBe("https://example.com/menu");

    const bob = await person("premium");
    const refused = await generate(
      { type: "url", data: { url: "https://example.com/menu" }, customization: { styleId: id } },
      { cookie: bob.cookie },
    );
    expect(refused.status).toBe(404);
    expect((await refused.json<{ message: string }>()).message).toContain(
      "There is no brand style",
    );
  });
});

describe("brand styles through /api/v1", () => {
  const STYLE_SCOPES = ["codes:read", "codes:write", "styles:read", "styles:write"];

  it("saves, lists and deletes styles; images and codes use styleId with explicit fields over it", async () => {
    const ada = await person("ultimate");
    const key = await makeKey(
      { id: ada.id, email: "", cookies: ada.cookie },
      { scopes: STYLE_SCOPES },
    );
    const { frame: _frame, margin: _margin, logoClear: _clear, ...rest } = DESIGN;
    const created = await call(key, "POST", "/styles", {
      name: "API style",
      design: { ...rest, frame: "box", margin: 4 },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect(id).toMatch(/^bs_[0-9a-f]{32}$/);
    const listed = await call(key, "GET", "/styles");
    expect(listed.json.data.map((style: Answer) => style.name)).toEqual(["API style"]);

    const image = await call(key, "POST", "/images", {
      type: "url",
      data: { url: "https://example.com/menu" },
      customization: { styleId: id, size: 512 },
      format: "png",
    });
    expect(image.status).toBe(200);
    expect((await decodeSingleQr(image.bytes!)).text).toBe("https://example.com/menu");
    const same = await call(key, "POST", "/images", {
      type: "url",
      data: { url: "https://example.com/menu" },
      customization: { ...rest, frame: "box", size: 512 },
      format: "png",
    });
    expect(image.bytes).toEqual(same.bytes);

    const code = await call(key, "POST", "/qr-codes", {
      type: "url",
      data: { url: "https://example.com/menu" },
      title: "Styled",
      customization: { styleId: id, frame: "banner" },
    });
    expect(code.status).toBe(201);
    expect(code.json.customization).toMatchObject({ dotShape: "rounded", frame: "banner" });

    const removed = await call(key, "DELETE", `/styles/${id}`);
    expect(removed.status).toBe(204);
    expect((await call(key, "DELETE", `/styles/${id}`)).status).toBe(404);
  });

  it("refuses another workspace's style with 404, a bad design with 400, and a key without the scope with 403", async () => {
    const ada = await person("ultimate");
    const bob = await person("ultimate");
    const adaKey = await makeKey(
      { id: ada.id, email: "", cookies: ada.cookie },
      { scopes: STYLE_SCOPES },
    );
    const bobKey = await makeKey(
      { id: bob.id, email: "", cookies: bob.cookie },
      { scopes: STYLE_SCOPES },
    );
    const bobs = (
      await call(bobKey, "POST", "/styles", { name: "Bob's", design: { dotShape: "dots" } })
    ).json.id;
    for (const [path, body] of [
      [
        "/images",
        { type: "url", data: { url: "https://example.com" }, customization: { styleId: bobs } },
      ],
      [
        "/qr-codes",
        {
          type: "url",
          data: { url: "https://example.com" },
          title: "x",
          customization: { styleId: bobs },
        },
      ],
      ["/bulk-jobs", { rows: [{ url: "https://example.com" }], styleId: bobs }],
    ] as const) {
      const refused = await call(adaKey, "POST", path, body);
      expect(refused.status, path).toBe(404);
      expect(refused.json.detail).toContain("There is no brand style");
    }
    expect((await call(adaKey, "DELETE", `/styles/${bobs}`)).status).toBe(404);

    const faint = await call(adaKey, "POST", "/styles", {
      name: "Faint",
      design: { fgColor: "#e2e8f0" },
    });
    expect(faint.status).toBe(400);
    expect(faint.json.errors[0].field).toBe("design.fgColor");

    const readOnly = await makeKey(
      { id: ada.id, email: "", cookies: ada.cookie },
      { scopes: ["styles:read"] },
    );
    const noScope = await call(readOnly, "POST", "/styles", { name: "x", design: {} });
    expect(noScope.status).toBe(403);
    expect(noScope.json.code).toBe("insufficient_scope");
  });
});

describe("styleId in bulk", () => {
  it("refuses another workspace's style for the batch with 404", async () => {
    const ada = await person("premium");
    const bob = await person("premium");
    const bobs = await saveStyle(bob, "Bob's");
    const form = new FormData();
    form.set("file", new File(["url\nhttps://example.com\n"], "codes.csv", { type: "text/csv" }));
    form.set("format", "png");
    form.set("styleId", bobs);
    const refused = await appFetch("/bulk?intent=check", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: ada.cookie, "CF-Connecting-IP": newAddress() },
      body: form,
    });
    expect(refused.status).toBe(404);
    expect(textOf(await refused.text())).toContain(
      `There is no brand style ${bobs} in this workspace.`,
    );
  });
});

describe("the generator's brand style select", () => {
  it("Apply style writes the style's design into the generator's address", async () => {
    const ada = await person("premium");
    const id = await saveStyle(ada);
    const applied = await appFetch(
      `/?type=url&url=https%3A%2F%2Fexample.com%2Fmenu&size=512&fg=000000&bg=ffffff&dotShape=square&styleId=${id}&applyStyle=1`,
      { headers: { Cookie: ada.cookie } },
    );
    expect(applied.status).toBe(303);
    const location = new URL(applied.headers.get("Location")!, ORIGIN);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      url: "https://example.com/menu",
      dotShape: "rounded",
      cornerShape: "extra-rounded",
      frame: "box",
      fg: "1e293b",
      styleId: id,
    });
    expect(location.searchParams.has("applyStyle")).toBe(false);

    // Another workspace's style is not applied, with the reason.
    const bob = await person("premium");
    const refused = await appFetch(`/?type=url&url=x&styleId=${id}&applyStyle=1`, {
      headers: { Cookie: bob.cookie },
    });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).not.toContain("dotShape");
    expect(await landOn(refused, bob.cookie)).toContain(`There is no brand style ${id}`);
  });

  it("saves a code in the style named by the generator's form, its own fields over it", async () => {
    const ada = await person("premium");
    const id = await saveStyle(ada);
    const title = `Styled ${crypto.randomUUID().slice(0, 8)}`;
    const saved = await appFetch("/?index", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: ada.cookie, "CF-Connecting-IP": newAddress() },
      body: new URLSearchParams({
        intent: "save",
        type: "url",
        url: "https://example.com/menu",
        size: "256",
        fg: "7c2d12",
        bg: "ffffff",
        title,
        styleId: id,
      }),
    });
    expect(saved.status).toBe(303);
    const row = await env.DB.prepare("SELECT customization FROM qr_codes WHERE title = ?")
      .bind(title)
      .first<{ customization: string }>();
    expect(JSON.parse(row!.customization)).toMatchObject({
      dotShape: "rounded",
      frame: "box",
      fgColor: "#7c2d12",
    });
  });

  it("saves a code with the Design section's design when no style is named", async () => {
    // A Free account: designs are for everyone, only brand styles are Premium.
    const ada = await person("free");
    const title = `Designed ${crypto.randomUUID().slice(0, 8)}`;
    const saved = await appFetch("/?index", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: ada.cookie, "CF-Connecting-IP": newAddress() },
      body: new URLSearchParams({
        intent: "save",
        type: "url",
        url: "https://example.com/menu",
        size: "256",
        fg: "1e293b",
        bg: "ffffff",
        dotShape: "dots",
        cornerShape: "extra-rounded",
        frame: "banner",
        frameText: "Menu",
        errorCorrection: "Q",
        title,
      }),
    });
    expect(saved.status).toBe(303);
    const row = await env.DB.prepare("SELECT id, customization FROM qr_codes WHERE title = ?")
      .bind(title)
      .first<{ id: number; customization: string }>();
    expect(JSON.parse(row!.customization)).toMatchObject({
      dotShape: "dots",
      cornerShape: "extra-rounded",
      frame: "banner",
      frameText: "Menu",
      errorCorrection: "Q",
      fgColor: "#1e293b",
    });
    // Its image is the designed one, and it scans.
    const image = await appFetch(`/api/qr-codes/${row!.id}/download?format=png`, {
      headers: { Cookie: ada.cookie },
    });
    expect(image.status).toBe(200);
    expect((await decodeSingleQr(new Uint8Array(await image.arrayBuffer()))).text).toBe(
      "https://example.com/menu",
    );
  });
});
