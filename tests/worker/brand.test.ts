import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import jpegLogo from "../fixtures/logo.jpg?inline";
import pngLogo from "../fixtures/logo.png?inline";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { textOf } from "../support/html";
import { appFetch, newAddress, ORIGIN } from "./app";
import { activeDomain, onHost, type Person, person, readAnswer, saveTracked } from "./domains";
import { postForm } from "./forms";
import { latestMail } from "./mail";

// White label (issue #18, Ultimate): the Brand tab without JavaScript, and the brand on every
// page a person scanning the workspace's codes can see, with this service's name on none of them.

const TAB = "/dashboard?tab=brand";
const PRODUCT = "QR Code Creator";
const logoBytes = Uint8Array.from(atob(pngLogo.split(",")[1]!), (c) => c.charCodeAt(0));
/** The smallest ICO header: reserved 0, type 1 (icon), one image. */
const icoBytes = new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0, 0, 0, 0]);

function brandPost(who: Person, fields: Record<string, string | File>) {
  const form = new FormData();
  form.set("intent", "save-brand");
  form.set("workspace", personalWorkspaceId(who.id));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return appFetch(TAB, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: who.cookie, "CF-Connecting-IP": newAddress() },
    body: form,
  });
}

const BRAND = {
  name: "Ada's Bakery",
  accentColor: "#9a3412",
  supportUrl: "https://ada-bakery.test/help",
};

async function branded(who: Person, extra: Record<string, string | File> = {}) {
  const response = await brandPost(who, {
    ...BRAND,
    logo: new File([logoBytes], "logo.png", { type: "image/png" }),
    favicon: new File([icoBytes], "favicon.ico", { type: "image/x-icon" }),
    ...extra,
  });
  const text = await readAnswer(who, response);
  expect(response.status, text).toBe(303);
  return text;
}

async function brandRow(who: Person) {
  return env.DB.prepare("SELECT * FROM workspace_brands WHERE workspace_id = ?")
    .bind(personalWorkspaceId(who.id))
    .first<{
      name: string;
      accent_color: string;
      logo_key: string | null;
      favicon_key: string | null;
    }>();
}

/** Saves a tracked code (optionally on a custom domain) and deletes it; its slug. */
async function deletedTrackedCode(who: Person, url: string, linkDomain = "") {
  const { code } = await saveTracked(who, url, linkDomain);
  await env.DB.prepare("DELETE FROM qr_codes WHERE id = ?").bind(code!.id).run();
  return code!.slug;
}

function setPlan(who: Person, plan: "free" | "ultimate") {
  return env.DB.prepare(
    plan === "free"
      ? "UPDATE users SET subscription_plan = 'free', subscription_status = 'inactive', is_trial_active = 0 WHERE id = ?"
      : "UPDATE users SET subscription_plan = 'ultimate', subscription_status = 'active', stripe_subscription_id = 'sub_test_upgrade' WHERE id = ?",
  )
    .bind(who.id)
    .run();
}

/** Asserts a scanner's page carries the brand, and nothing of this service. */
function expectBrandedPage(html: string) {
  expect(html).toContain("Ada&#39;s Bakery");
  expect(html).toContain("border-top:4px solid #9a3412");
  expect(html).toContain('<a href="https://ada-bakery.test/help">Contact Ada&#39;s Bakery</a>');
  expect(html).toMatch(/<img src="[^"]*\/logo\/[0-9a-f]{64}" alt="Ada&#39;s Bakery"/);
  expect(html).toMatch(/<link rel="icon" href="[^"]*\/favicon\/[0-9a-f]{64}">/);
  expect(html).not.toContain(PRODUCT);
  expect(html).not.toMatch(/qr ?code ?creator/i);
}

describe("the Brand tab", () => {
  it("saves an Ultimate workspace's brand, with its logo and favicon, and previews it", async () => {
    const ada = await person("ultimate");
    const text = await branded(ada);
    expect(text).toContain("People scanning this workspace's codes now see Ada's Bakery.");
    expect(text).toContain("What people scanning your codes see");
    expect(text).toContain("Contact Ada's Bakery");
    const row = await brandRow(ada);
    expect(row).toMatchObject({ name: "Ada's Bakery", accent_color: "#9a3412" });
    // The logo is served as the PNG it is, from this service's host, never as active content.
    const logo = await appFetch(
      `/brand/${personalWorkspaceId(ada.id)}/logo/${row!.logo_key!.split("/").pop()}`,
    );
    expect(logo.status).toBe(200);
    expect(logo.headers.get("Content-Type")).toBe("image/png");
    expect(logo.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(logo.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(new Uint8Array(await logo.arrayBuffer())).toEqual(logoBytes);
    const favicon = await appFetch(
      `/brand/${personalWorkspaceId(ada.id)}/favicon/${row!.favicon_key!.split("/").pop()}`,
    );
    expect(favicon.headers.get("Content-Type")).toBe("image/x-icon");
    expect(
      (await appFetch(`/brand/${personalWorkspaceId(ada.id)}/logo/${"0".repeat(64)}`)).status,
    ).toBe(404);
    const audit = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_events WHERE action = 'brand.updated' AND actor_id = ?",
    )
      .bind(ada.id)
      .first<{ n: number }>();
    expect(audit!.n).toBe(1);
  });

  it("refuses a light accent, a bad support link and files that are not what they claim, saving nothing", async () => {
    const ada = await person("ultimate");
    const cases: [Record<string, string | File>, number, string][] = [
      [
        { ...BRAND, accentColor: "#facc15" },
        400,
        "This colour is too light to read on white (contrast 1.5:1",
      ],
      [{ ...BRAND, name: "  " }, 400, "Enter your brand's name"],
      [
        { ...BRAND, supportUrl: "javascript:alert(1)" },
        400,
        "Enter a web address starting with https://",
      ],
      [
        { ...BRAND, supportUrl: "http://ada-bakery.test" },
        400,
        "Enter a web address starting with https://",
      ],
      [
        { ...BRAND, logo: new File(["<svg onload=alert(1)>"], "logo.png", { type: "image/png" }) },
        400,
        "Please choose an image file (PNG, JPG, etc.).",
      ],
      [
        { ...BRAND, logo: new File([new Uint8Array(2 * 1024 * 1024 + 1)], "big.png") },
        413,
        "Please choose a file smaller than 2MB.",
      ],
      [
        {
          ...BRAND,
          favicon: new File([logoBytes.slice(0, 8), new Uint8Array(200 * 1024)], "f.png"),
        },
        413,
        "Please choose a favicon smaller than 100 KB.",
      ],
      [
        { ...BRAND, favicon: new File(["GIF89a"], "f.gif") },
        400,
        "Please choose a PNG or ICO file for the favicon.",
      ],
    ];
    for (const [fields, status, message] of cases) {
      const response = await brandPost(ada, fields);
      const text = textOf(await response.text());
      expect(response.status, message).toBe(status);
      expect(text).toContain(message);
      expect(text).toContain("Nothing was saved.");
    }
    // Past the dashboard's 3 MB a post is refused before it is read, with the reason on the page.
    const huge = await brandPost(ada, {
      ...BRAND,
      logo: new File([new Uint8Array(3 * 1024 * 1024 + 1)], "huge.png"),
    });
    expect(huge.status).toBe(413);
    expect(textOf(await huge.text())).toContain(
      "The upload is larger than 3 MB. Choose smaller files.",
    );
    expect(await brandRow(ada)).toBeNull();
    const stored = await env.LOGOS.list({ prefix: `brands/${personalWorkspaceId(ada.id)}/` });
    expect(stored.objects).toHaveLength(0);
  });

  it("is for Ultimate only, and for owners and admins", async () => {
    const premium = await person("premium");
    const page = textOf(
      await (await appFetch(TAB, { headers: { Cookie: premium.cookie } })).text(),
    );
    expect(page).toContain(
      "White-label branding comes with Ultimate; this workspace is on Premium.",
    );
    expect(page).not.toContain("Save brand");
    const refused = await brandPost(premium, BRAND);
    expect(refused.status).toBe(403);
    expect(await brandRow(premium)).toBeNull();

    const editor = await person("ultimate");
    await env.DB.prepare("UPDATE workspace_members SET role = 'editor' WHERE user_id = ?")
      .bind(editor.id)
      .run();
    expect((await brandPost(editor, BRAND)).status).toBe(403);
    expect(await brandRow(editor)).toBeNull();
  });

  it("replacing and removing the brand deletes the images it no longer uses", async () => {
    const ada = await person("ultimate");
    await branded(ada);
    const prefix = `brands/${personalWorkspaceId(ada.id)}/`;
    expect((await env.LOGOS.list({ prefix })).objects).toHaveLength(2);
    await branded(ada, { removeFavicon: "on", favicon: new File([], "") });
    expect((await brandRow(ada))!.favicon_key).toBeNull();
    expect((await env.LOGOS.list({ prefix })).objects).toHaveLength(1);
    const removed = await postForm(
      TAB,
      { intent: "remove-brand", workspace: personalWorkspaceId(ada.id) },
      ada.cookie,
    );
    expect(await readAnswer(ada, removed)).toContain(
      "Pages for your codes no longer show your brand.",
    );
    expect(await brandRow(ada)).toBeNull();
    expect((await env.LOGOS.list({ prefix })).objects).toHaveLength(0);
  });
});

describe("the brand on scanner-facing pages", () => {
  it("a custom domain's 404 and 410 pages and images carry the brand, never this service", async () => {
    const ada = await person("ultimate");
    await branded(ada);
    const id = await activeDomain(ada, "go.ada-brand.test");
    const slug = await deletedTrackedCode(ada, "https://example.com/brand-gone", id);

    const gone = await onHost("go.ada-brand.test", `/${slug}`);
    expect(gone.status).toBe(410);
    const goneHtml = await gone.text();
    expect(goneHtml).toContain("This QR code was deleted");
    expectBrandedPage(goneHtml);
    const missing = await onHost("go.ada-brand.test", "/s/abcdefghij");
    expect(missing.status).toBe(404);
    expectBrandedPage(await missing.text());
    expect(missing.headers.get("Set-Cookie")).toBeNull();

    // The images come from the customer's own host.
    const logoPath = /<img src="([^"]+)"/.exec(goneHtml)![1]!;
    expect(logoPath).toMatch(/^\/_brand\/logo\/[0-9a-f]{64}$/);
    const logo = await onHost("go.ada-brand.test", logoPath);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await logo.arrayBuffer())).toEqual(logoBytes);
    // Another workspace's image is not served on this host.
    const bob = await person("ultimate");
    await branded(bob, {
      logo: new File(
        [Uint8Array.from(atob(jpegLogo.split(",")[1]!), (c) => c.charCodeAt(0))],
        "logo.jpg",
      ),
    });
    const bobsKey = (await brandRow(bob))!.logo_key!.split("/").pop();
    const bobsLogo = await onHost("go.ada-brand.test", `/_brand/logo/${bobsKey}`);
    expect(bobsLogo.status).toBe(404);
  });

  it("a deleted code's 410 on this service's short link carries the brand; unbranded ones keep ours", async () => {
    const ada = await person("ultimate");
    await branded(ada);
    const slug = await deletedTrackedCode(ada, "https://example.com/ada-short-gone");
    const gone = await appFetch(`/s/${slug}`);
    expect(gone.status).toBe(410);
    expect(gone.headers.get("Set-Cookie")).toBeNull();
    const html = await gone.text();
    expect(html).toContain("This QR code was deleted");
    expectBrandedPage(html);
    expect(html).toMatch(
      new RegExp(`src="/brand/${personalWorkspaceId(ada.id)}/logo/[0-9a-f]{64}"`),
    );

    const bob = await person("ultimate");
    const bobsSlug = await deletedTrackedCode(bob, "https://example.com/bob-short-gone");
    const plain = await appFetch(`/s/${bobsSlug}`);
    expect(plain.status).toBe(410);
    const plainText = textOf(await plain.text());
    expect(plainText).toContain("Create your own QR code");
  });

  it("a public code's download, the only other thing a stranger can open, names nobody", async () => {
    const ada = await person("ultimate");
    await branded(ada);
    const { code } = await saveTracked(ada, "https://example.com/ada-public");
    await env.DB.prepare(
      "UPDATE qr_codes SET is_public = 1, share_id = 'AdaPublicShareId-123456' WHERE id = ?",
    )
      .bind(code!.id)
      .run();
    // A stranger gets the PNG, and the SVG and print files as the owner's plan allows (issue #28:
    // a share link follows its owner's plan); none of them names us.
    for (const [format, status] of [
      ["png", 200],
      ["svg", 200],
      ["pdf", 200],
    ] as const) {
      const download = await appFetch(
        `/api/qr-codes/AdaPublicShareId-123456/download?format=${format}`,
      );
      expect(download.status, format).toBe(status);
      const headers = JSON.stringify([...download.headers]);
      expect(headers).not.toMatch(/qr ?code ?creator/i);
      expect(new TextDecoder().decode(await download.arrayBuffer())).not.toMatch(
        /qr ?code ?creator/i,
      );
    }
  });

  it("after a downgrade the brand is kept but no longer shown, and shows again after an upgrade", async () => {
    const ada = await person("ultimate");
    await branded(ada);
    const slug = await deletedTrackedCode(ada, "https://example.com/ada-downgraded");
    await setPlan(ada, "free");
    const plain = await appFetch(`/s/${slug}`);
    expect(plain.status).toBe(410);
    expect(await plain.text()).not.toContain("Ada&#39;s Bakery");
    const tab = textOf(await (await appFetch(TAB, { headers: { Cookie: ada.cookie } })).text());
    expect(tab).toContain("Your saved brand is kept, and shows again after an upgrade.");
    expect(tab).toContain("Remove branding");
    expect(tab).not.toContain("Save brand");
    expect(await brandRow(ada)).not.toBeNull();

    await setPlan(ada, "ultimate");
    expectBrandedPage(await (await appFetch(`/s/${slug}`)).text());
  });

  it("invitations to a branded workspace carry the brand's name, not this service's", async () => {
    const ada = await person("ultimate");
    await branded(ada);
    const email = `brand-invitee-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const invited = await postForm(
      "/dashboard?tab=team",
      { intent: "invite", email, role: "editor", workspace: personalWorkspaceId(ada.id) },
      ada.cookie,
    );
    expect(invited.status).toBe(303);
    const mail = await latestMail(email, /invited you/);
    expect(mail?.subject).toMatch(/invited you to .+ on Ada's Bakery$/);
    expect(mail!.text).toContain("— Ada's Bakery");
    expect(mail!.text).not.toContain(PRODUCT);
    expect(mail!.html).toContain("background:#9a3412");
    expect(mail!.html).not.toContain(PRODUCT);
  });
});
