import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { linksOf, textOf } from "../support/html";
import { decodeSingleQr } from "../support/qr-decode";
import { cookieFrom, newPerson, postJson } from "./accounts";
import { appFetch, ORIGIN } from "./app";
import { landOn, postForm } from "./forms";
import { seedScans } from "./scan-rollups";

// The dashboard as a code manager (issue #29, item 7): search, filters, sorts and keyset pages
// through the real fetch handler, tags with their rules, and several codes at once, where
// another workspace's id changes nothing and a viewer changes nothing.

interface Person {
  id: string;
  cookie: string;
  workspaceId: string;
}

async function person(plan: "free" | "premium" | "ultimate" = "ultimate"): Promise<Person> {
  const response = await postJson("/api/auth/signup", { ...newPerson(), plan });
  expect(response.status).toBe(201);
  const { id } = await response.json<{ id: string }>();
  return { id, cookie: cookieFrom(response, "qr_session")!, workspaceId: personalWorkspaceId(id) };
}

const STYLE = JSON.stringify({ size: 256, fgColor: "#000000", bgColor: "#ffffff" });

/** Codes written straight into D1 (many, fast, with chosen times); their ids in order. */
async function insertCodes(
  owner: Person,
  codes: { title: string; url?: string; type?: string; data?: object; at?: number; by?: string }[],
) {
  const ids: number[] = [];
  for (const code of codes) {
    const row = await env.DB.prepare(
      `INSERT INTO qr_codes (workspace_id, user_id, type, data, customization, title, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
      .bind(
        owner.workspaceId,
        code.by ?? owner.id,
        code.type ?? "url",
        JSON.stringify(code.data ?? { url: code.url ?? "https://example.com/" }),
        STYLE,
        code.title,
        code.at ?? Date.now(),
        code.at ?? Date.now(),
      )
      .first<{ id: number }>();
    ids.push(row!.id);
  }
  return ids;
}

async function track(id: number, slug: string, workspaceId: string, target: string) {
  await env.DB.prepare(
    "INSERT INTO tracked_links (slug, qr_code_id, target_url, created_at, workspace_id) VALUES (?, ?, ?, ?, ?)",
  )
    .bind(slug, id, target, Date.now(), workspaceId)
    .run();
}

/** One page of the list as a person sees it: the codes' ids in order and the pager's links. */
async function listPage(path: string, cookie: string) {
  const response = await appFetch(path, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  const html = await response.text();
  const ids = [...html.matchAll(/<h3><a href="\/dashboard\/codes\/(\d+)"/g)].map((m) =>
    Number(m[1]),
  );
  const link = (text: string) => linksOf(html).find((l) => l.text === text)?.href ?? null;
  return { html, ids, next: link("Next page"), previous: link("Previous page") };
}

/** Every id of a listing, page after page by the Next links; and back again by Previous. */
async function walk(path: string, cookie: string) {
  const forward: number[][] = [];
  let page = await listPage(path, cookie);
  forward.push(page.ids);
  while (page.next) {
    page = await listPage(page.next, cookie);
    forward.push(page.ids);
    expect(forward.length).toBeLessThan(20);
  }
  const backward: number[][] = [page.ids];
  while (page.previous) {
    page = await listPage(page.previous, cookie);
    backward.unshift(page.ids);
  }
  return { forward, backward };
}

const dashboard = (query: string, who: Person) => listPage(`/dashboard${query}`, who.cookie);
const select = (who: Person, fields: Record<string, string>, ids: number[]) => {
  const body = new URLSearchParams(fields);
  for (const id of ids) body.append("ids", String(id));
  return appFetch("/dashboard/selection", {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: who.cookie },
    body,
  });
};
const tagsOf = async (id: number) =>
  (
    await env.DB.prepare("SELECT tag FROM code_tags WHERE code_id = ? ORDER BY tag")
      .bind(id)
      .all<{ tag: string }>()
  ).results.map((row) => row.tag);
const exists = async (id: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM qr_codes WHERE id = ?").bind(id).first("n")) ===
  1;

describe("keyset pages", () => {
  it("walk every code once, forwards and back, when all sort keys are equal", async () => {
    const owner = await person();
    const at = Date.UTC(2026, 0, 1);
    const ids = await insertCodes(
      owner,
      Array.from({ length: 45 }, () => ({ title: "Same title", at })),
    );
    for (const sort of ["newest", "oldest", "scans", "name"]) {
      const { forward, backward } = await walk(`/dashboard?sort=${sort}`, owner.cookie);
      expect(forward.map((page) => page.length)).toEqual([20, 20, 5]);
      const seen = forward.flat();
      // Equal keys fall back to the id, in the sort's direction.
      const byId = [...ids].sort((a, b) => a - b);
      expect(seen).toEqual(sort === "newest" || sort === "scans" ? byId.reverse() : byId);
      expect(backward).toEqual(forward);
    }
  });

  it("do not shift when a code is saved while someone pages", async () => {
    const owner = await person();
    const ids = await insertCodes(
      owner,
      Array.from({ length: 25 }, (_, n) => ({
        title: `Code ${n}`,
        at: Date.UTC(2026, 0, 1, 0, n),
      })),
    );
    const first = await dashboard("", owner);
    await insertCodes(owner, [{ title: "Newcomer", at: Date.UTC(2026, 1, 1) }]);
    const second = await listPage(first.next!, owner.cookie);
    expect([...first.ids, ...second.ids]).toEqual([...ids].reverse());
  });

  it("start over on a cursor that was edited or made for another sort", async () => {
    const owner = await person();
    await insertCodes(owner, [{ title: "Only one" }]);
    for (const bad of ["%%%", "eyJ4Ijox", "WyJuYW1lIiwiYSIsMV0"]) {
      const page = await dashboard(`?after=${bad}`, owner);
      expect(page.ids).toHaveLength(1);
    }
  });
});

describe("search, filters and sorts", () => {
  it("find codes by title, content and short link, taking % and _ literally", async () => {
    const owner = await person();
    const [menu, poster, tracked, percent] = await insertCodes(owner, [
      { title: "Lunch menu", url: "https://cafe.example/menu" },
      { title: "Poster", url: "https://shop.example/spring-sale" },
      { title: "Flyer", url: "https://example.org/a" },
      { title: "100% off", url: "https://example.net/" },
    ]);
    await track(tracked!, "AbCdEf1234", owner.workspaceId, "https://example.org/a");
    expect((await dashboard("?q=MENU", owner)).ids).toEqual([menu]);
    expect((await dashboard("?q=spring-sale", owner)).ids).toEqual([poster]);
    expect((await dashboard("?q=AbCdEf", owner)).ids).toEqual([tracked]);
    const pasted = encodeURIComponent("https://qr.example.com/s/AbCdEf1234");
    expect((await dashboard(`?q=${pasted}`, owner)).ids).toEqual([tracked]);
    expect((await dashboard("?q=100%25", owner)).ids).toEqual([percent]);
    expect((await dashboard("?q=_", owner)).ids).toEqual([]);
    // JSON keys are not content: every website code has a "url" key.
    expect((await dashboard("?q=url", owner)).ids).toEqual([]);
    const none = await dashboard("?q=nothing-like-this", owner);
    expect(textOf(none.html)).toContain("No codes match");
    expect(textOf(none.html)).toContain("0 codes match of 4 codes");
  });

  it("filter by type, dynamic or static, tag and creator, and combine them", async () => {
    const owner = await person();
    const colleague = await person();
    const [site, text, dynamic, theirs] = await insertCodes(owner, [
      { title: "Site" },
      { title: "Note", type: "text", data: { text: "hello there" } },
      { title: "Dynamic" },
      { title: "Colleague's", by: colleague.id },
    ]);
    await track(dynamic!, "DynSlug0001", owner.workspaceId, "https://example.com/");
    expect((await dashboard("?type=text", owner)).ids).toEqual([text]);
    expect((await dashboard("?kind=dynamic", owner)).ids).toEqual([dynamic]);
    expect((await dashboard("?kind=static", owner)).ids.sort()).toEqual(
      [site!, text!, theirs!].sort(),
    );
    expect((await dashboard(`?creator=${colleague.id}`, owner)).ids).toEqual([theirs]);
    expect((await select(owner, { action: "tag", tag: "Spring" }, [site!, dynamic!])).status).toBe(
      303,
    );
    expect((await dashboard("?tag=spring", owner)).ids.sort()).toEqual([site!, dynamic!].sort());
    expect((await dashboard("?tag=spring&kind=static", owner)).ids).toEqual([site]);
    // An unknown type or kind is no filter, never an error.
    expect((await dashboard("?type=nope&kind=maybe", owner)).ids).toHaveLength(4);
  });

  it("sort by scans and by name, case aside", async () => {
    const owner = await person();
    const [b, a, c] = await insertCodes(owner, [
      { title: "banana" },
      { title: "Apple" },
      { title: "cherry" },
    ]);
    // Scans arrive as rollups (issue #30); migration 0025's triggers keep each code's count.
    await seedScans(c!, [{ at: 1 }, { at: 2 }]);
    await seedScans(b!, [{ at: 3 }]);
    expect((await dashboard("?sort=scans", owner)).ids).toEqual([c, b, a]);
    expect((await dashboard("?sort=name", owner)).ids).toEqual([a, b, c]);
    expect((await dashboard("?sort=oldest", owner)).ids).toEqual([b, a, c]);
  });
});

describe("tags", () => {
  it("are checked, kept in lower case, and at most 10 to a code", async () => {
    const owner = await person();
    const [id] = await insertCodes(owner, [{ title: "Tagged" }]);
    const refused = async (tag: string, message: string) => {
      const response = await select(owner, { action: "tag", tag }, [id!]);
      expect(response.status).toBe(303);
      expect(await landOn(response, owner.cookie)).toContain(message);
    };
    await refused("   ", "Please write a tag name.");
    await refused("x".repeat(31), "A tag is at most 30 characters");
    await refused("<b>", "cannot be a tag");
    expect(await tagsOf(id!)).toEqual([]);
    for (let n = 1; n <= 10; n++) await select(owner, { action: "tag", tag: `Tag  ${n}` }, [id!]);
    expect(await tagsOf(id!)).toHaveLength(10);
    expect(await tagsOf(id!)).toContain("tag 1");
    await refused("eleventh", "A code has at most 10 tags");
    expect(await tagsOf(id!)).toHaveLength(10);
    // Adding one it has is no change; removing one makes room.
    await select(owner, { action: "tag", tag: "TAG 1" }, [id!]);
    await select(owner, { action: "untag", tag: "tag 1" }, [id!]);
    expect(await tagsOf(id!)).not.toContain("tag 1");
    const row = await dashboard("", owner);
    expect(textOf(row.html)).toContain("tag 10");
  });
});

describe("several codes at once", () => {
  it("delete after a confirmation page", async () => {
    const owner = await person();
    const [one, two, kept] = await insertCodes(owner, [
      { title: "One" },
      { title: "Two" },
      { title: "Kept" },
    ]);
    const ask = await select(owner, { action: "delete", back: "?q=o" }, [one!, two!]);
    expect(ask.status).toBe(303);
    const location = ask.headers.get("Location")!;
    expect(location).toBe(`/dashboard?q=o&delete=${one}.${two}#result`);
    expect(await exists(one!)).toBe(true);
    const confirmation = textOf(
      (await dashboard(location.replace("/dashboard", "").split("#")[0]!, owner)).html,
    );
    expect(confirmation).toContain("Delete these 2 codes?");
    const done = await select(owner, { action: "delete-confirmed", back: "?q=o" }, [one!, two!]);
    expect(done.headers.get("Location")).toBe("/dashboard?q=o");
    expect(await landOn(done, owner.cookie)).toContain("2 codes deleted");
    expect([await exists(one!), await exists(two!), await exists(kept!)]).toEqual([
      false,
      false,
      true,
    ]);
  });

  it("download as one ZIP of PNGs that scan", async () => {
    const owner = await person();
    const ids = await insertCodes(owner, [
      { title: "First", url: "https://example.com/1" },
      { title: "Second", url: "https://example.com/2" },
    ]);
    const response = await select(owner, { action: "zip" }, ids);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["First.png", "Second.png"]);
    expect((await decodeSingleQr(files["First.png"]!)).text).toBe("https://example.com/1");
    expect((await decodeSingleQr(files["Second.png"]!)).text).toBe("https://example.com/2");
  });

  it("refuse a selection holding another workspace's code, and change nothing", async () => {
    const owner = await person();
    const stranger = await person();
    const [mine] = await insertCodes(owner, [{ title: "Mine" }]);
    const [theirs] = await insertCodes(stranger, [{ title: "Theirs" }]);
    for (const action of ["tag", "untag", "delete-confirmed", "zip", "delete"]) {
      const response = await select(owner, { action, tag: "taken" }, [mine!, theirs!]);
      expect(response.status).toBe(303);
      expect(await landOn(response, owner.cookie)).toContain(
        "Some of the selected codes are not in this workspace",
      );
    }
    expect([await exists(mine!), await exists(theirs!)]).toEqual([true, true]);
    expect([await tagsOf(mine!), await tagsOf(theirs!)]).toEqual([[], []]);
    // Only the stranger's id: nothing either.
    await select(owner, { action: "delete-confirmed" }, [theirs!]);
    expect(await exists(theirs!)).toBe(true);
    // Not confirmable either: the confirmation page does not list it.
    expect(textOf((await dashboard(`?delete=${theirs}`, owner)).html)).not.toContain("Delete “");
  });

  it("refuse a viewer's tags and deletions, but let a viewer download", async () => {
    const owner = await person();
    const viewer = await person();
    const [id] = await insertCodes(owner, [{ title: "Team code" }]);
    await env.DB.prepare(
      "INSERT INTO workspace_members (workspace_id, user_id, role, created_at) VALUES (?, ?, 'viewer', ?)",
    )
      .bind(owner.workspaceId, viewer.id, Date.now())
      .run();
    const form = new FormData();
    form.set("workspace", owner.workspaceId);
    form.set("redirect", "/dashboard");
    const switched = await appFetch("/workspace/switch", {
      method: "POST",
      body: form,
      headers: { Origin: ORIGIN, Cookie: viewer.cookie },
    });
    const asViewer = {
      ...viewer,
      cookie: `${viewer.cookie}; ${cookieFrom(switched, "qr_workspace")}`,
    };
    for (const action of ["tag", "untag", "delete", "delete-confirmed"]) {
      const response = await select(asViewer, { action, tag: "mine" }, [id!]);
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("not change or delete them");
    }
    expect(await exists(id!)).toBe(true);
    expect(await tagsOf(id!)).toEqual([]);
    expect((await select(asViewer, { action: "zip" }, [id!])).status).toBe(200);
    const page = await dashboard("", asViewer);
    expect(page.ids).toEqual([id]);
    // What the page shows (its message catalogue, in a script, names every button it may have).
    expect(textOf(page.html)).not.toContain("Add tag");
    expect(page.html).not.toContain('value="delete"');
  });

  it("say what is wrong with an empty, oversized or unknown selection", async () => {
    const owner = await person();
    const ids = await insertCodes(
      owner,
      Array.from({ length: 26 }, (_, n) => ({ title: `C${n}` })),
    );
    const says = async (fields: Record<string, string>, chosen: number[], message: string) =>
      expect(await landOn(await select(owner, fields, chosen), owner.cookie)).toContain(message);
    await says({ action: "zip" }, [], "No codes selected");
    await says({ action: "zip" }, ids, "Choose at most 25 codes at a time (you chose 26)");
    await says({ action: "explode" }, ids.slice(0, 1), "Choose an action");
    const forged = await postForm(
      "/dashboard/selection",
      { action: "zip", ids: "1; DROP" },
      owner.cookie,
    );
    expect(await landOn(forged, owner.cookie)).toContain("not a code");
  });
});

describe("thumbnails", () => {
  it("are drawn from the saved design, for members only, and kept by their hash", async () => {
    const owner = await person();
    const stranger = await person();
    const [id] = await insertCodes(owner, [{ title: "Pictured", url: "https://example.com/pic" }]);
    const page = await dashboard("", owner);
    const src = new RegExp(`src="(/dashboard/thumbnails/${id}/[A-Za-z0-9_-]{22}\\.svg)"`).exec(
      page.html,
    )?.[1];
    expect(src).toBeTruthy();
    const mine = await appFetch(src!, { headers: { Cookie: owner.cookie } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(mine.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect(await mine.text()).toContain("<svg");
    expect((await appFetch(src!, { headers: { Cookie: stranger.cookie } })).status).toBe(404);
    expect((await appFetch(src!)).status).toBe(404);

    // A new design is a new hash: the old URL leads to the new one, the page names the new one.
    await env.DB.prepare("UPDATE qr_codes SET customization = ? WHERE id = ?")
      .bind(JSON.stringify({ size: 256, fgColor: "#1d4ed8", bgColor: "#ffffff" }), id)
      .run();
    const stale = await appFetch(src!, { headers: { Cookie: owner.cookie } });
    expect(stale.status).toBe(302);
    const fresh = (await dashboard("", owner)).html;
    expect(fresh).toContain(`src="${stale.headers.get("Location")}"`);
    expect(stale.headers.get("Location")).not.toBe(src);
  });
});
