import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { NEW_ACCOUNT_TRACKED_LINKS } from "../../app/plans/rules";
import { textOf } from "../support/html";
import { establishAccount } from "./accounts";
import { call, makeKey, type Person, person } from "./api-client";
import { appFetch, generate, newAddress, ORIGIN } from "./app";
import { landOn, pageText, postForm } from "./forms";
import { latestMail } from "./mail";
import { signUp, staffMember, unverifiedStaff } from "./staff";

// Link-safety checks (issue #31): every way a tracked link is made or changes where it leads
// refuses a destination on the blocklist (the maintained file, or a domain staff blocked) and one
// Google Safe Browsing lists (here the TEST MODE twin, which knows Google's test pages); staff
// keep their blocklist at /staff/blocklist; a new account makes only a few tracked links.

const LISTED = "https://www.wicar.org/test/"; // on the maintained list file
const PHISHING = "https://testsafebrowsing.appspot.com/s/phishing.html";
const MALWARE = "https://testsafebrowsing.appspot.com/s/malware.html";
const ON_LIST = "This address is on our list of unsafe sites";
const AS_PHISHING = "Google Safe Browsing lists this address as phishing (TEST MODE";
const AS_MALWARE = "Google Safe Browsing lists this address as malware (TEST MODE";

const worker = exports.default as unknown as {
  scheduled(controller: Pick<ScheduledController, "scheduledTime" | "cron">): Promise<void>;
};

async function established(plan: "premium" | "ultimate" = "ultimate"): Promise<Person> {
  const who = await person(plan);
  await establishAccount(who.id);
  return who;
}

const URL_FIELDS = { type: "url", size: "256", fg: "#000000", bg: "#ffffff" };

/** The generator's save without JavaScript: the page the redirect leads to, with its message. */
async function saveInGenerator(who: Person, url: string, trackScans = true) {
  const response = await postForm(
    "/?index",
    { ...URL_FIELDS, url, title: "Menu", ...(trackScans ? { trackScans: "on" } : {}) },
    who.cookies,
  );
  expect(response.status).toBe(303);
  return { location: response.headers.get("Location")!, text: await landOn(response, who.cookies) };
}

async function codesOf(who: Person) {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM qr_codes WHERE user_id = ?")
    .bind(who.id)
    .first<number>("n");
  return row ?? 0;
}

async function saveTracked(who: Person, url = "https://example.com/menu") {
  const response = await generate(
    {
      type: "url",
      data: { url },
      customization: { size: 256 },
      title: "Menu",
      save: "true",
      trackScans: "true",
    },
    { cookie: who.cookies, headers: { Origin: ORIGIN } },
  );
  return response;
}

async function trackedCode(who: Person) {
  const response = await saveTracked(who);
  expect(response.status).toBe(200);
  const { id } = await response.json<{ id: number }>();
  const slug = (await env.DB.prepare("SELECT slug FROM tracked_links WHERE qr_code_id = ?")
    .bind(id)
    .first<string>("slug"))!;
  return { id, slug };
}

function uploadCsv(who: Person, csv: string) {
  const form = new FormData();
  form.set("file", new File([csv], "codes.csv", { type: "text/csv" }));
  for (const [name, value] of Object.entries({ format: "png", size: "256", track: "on" })) {
    form.set(name, value);
  }
  return appFetch("/bulk?intent=check", {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: who.cookies, "CF-Connecting-IP": newAddress() },
    body: form,
  });
}

async function staffBlocks(domain: string, reason = "Phishing reported to support") {
  const staff = await staffMember();
  return postForm("/staff/blocklist", { intent: "add", domain, reason }, staff.cookie);
}

// First in the file: the staff address is verified by the first test that acts as staff.
describe("/staff/blocklist", () => {
  it("is the ordinary 404 for visitors, customers and an unverified staff address", async () => {
    expect((await appFetch("/staff/blocklist")).status).toBe(404);
    const customer = await signUp("ultimate");
    expect(
      (await appFetch("/staff/blocklist", { headers: { Cookie: customer.cookie } })).status,
    ).toBe(404);
    const post = await postForm(
      "/staff/blocklist",
      { intent: "add", domain: "customer-blocks.example", reason: "Because I can" },
      customer.cookie,
    );
    expect(post.status).toBe(404);
    const unverified = await unverifiedStaff();
    expect(
      (await appFetch("/staff/blocklist", { headers: { Cookie: unverified.cookie } })).status,
    ).toBe(404);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM link_blocklist").first<number>(
      "n",
    );
    expect(rows).toBe(0);
  });

  it("staff block a domain: logged, existing links listed but left working, new ones refused", async () => {
    const ada = await established();
    const { slug } = await trackedCode(ada);
    await env.DB.prepare("UPDATE tracked_links SET target_url = ? WHERE slug = ?")
      .bind("https://Login.Newly-Bad.example/path", slug)
      .run();
    const staff = await staffMember();

    const bad = await postForm(
      "/staff/blocklist",
      { intent: "add", domain: "not a domain", reason: "Phishing" },
      staff.cookie,
    );
    expect(bad.status).toBe(400);
    expect(textOf(await bad.text())).toContain("This is not a domain.");

    const added = await staffBlocks("*.NEWLY-BAD.example.", "Phishing kit, ticket #42");
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe("/staff/blocklist?domain=newly-bad.example#links");
    const page = await landOn(added, staff.cookie);
    expect(page).toContain("newly-bad.example blocked");
    expect(page).toContain("1 tracked link leads there.");
    expect(page).toContain(`/s/${slug}`);
    expect(page).toContain("Phishing kit, ticket #42");
    // Existing links keep redirecting: disabling them is the takedown's job.
    const scan = await appFetch(`/s/${slug}`);
    expect(scan.headers.get("Location")).toBe("https://Login.Newly-Bad.example/path");

    const again = await staffBlocks("newly-bad.example");
    expect(again.status).toBe(400);
    expect(textOf(await again.text())).toContain("newly-bad.example is already on the blocklist.");
    const inFile = await staffBlocks("wicar.org");
    expect(textOf(await inFile.text())).toContain("already on the maintained list file");

    expect((await saveTracked(ada, "https://shop.newly-bad.example/")).status).toBe(422);

    const removed = await postForm(
      "/staff/blocklist",
      { intent: "remove", domain: "newly-bad.example" },
      staff.cookie,
    );
    expect(removed.status).toBe(303);
    expect(await landOn(removed, staff.cookie)).toContain("newly-bad.example unblocked");
    expect((await saveTracked(ada, "https://shop.newly-bad.example/")).status).toBe(200);

    const audit = await pageText("/staff/audit", staff.cookie);
    expect(audit).toContain("blocklist.added");
    expect(audit).toContain("blocklist.removed");
    const logged = await env.DB.prepare(
      "SELECT action, subject_type, subject_id, staff_email FROM staff_audit WHERE subject_id = 'newly-bad.example' ORDER BY id",
    ).all();
    expect(logged.results).toEqual([
      {
        action: "blocklist.added",
        subject_type: "blocklist",
        subject_id: "newly-bad.example",
        staff_email: staff.email,
      },
      {
        action: "blocklist.removed",
        subject_type: "blocklist",
        subject_id: "newly-bad.example",
        staff_email: staff.email,
      },
    ]);
  });
});

describe("the generator refuses an unsafe destination for a tracked code", () => {
  it("names why: our list, or Safe Browsing's verdict; nothing is saved", async () => {
    const ada = await established();
    const listed = await saveInGenerator(ada, LISTED);
    expect(listed.text).toContain(ON_LIST);
    expect(listed.location).not.toContain("saved=");
    const phishing = await saveInGenerator(ada, PHISHING);
    expect(phishing.text).toContain(AS_PHISHING);
    expect(await codesOf(ada)).toBe(0);
  });

  it("still saves the same address as a static code, which this service never redirects", async () => {
    const ada = await established();
    const saved = await saveInGenerator(ada, PHISHING, false);
    expect(saved.location).toMatch(/saved=\d+/);
    expect(await codesOf(ada)).toBe(1);
  });

  it("/api/qr-codes/generate answers 422 with the field named", async () => {
    const ada = await established();
    const response = await saveTracked(ada, "https://LOGIN.WICAR.ORG.:8443/x");
    expect(response.status).toBe(422);
    const body = await response.json<{ message: string; errors: { url: string } }>();
    expect(body.message).toContain(ON_LIST);
    expect(body.errors.url).toBe(body.message);
    expect(await codesOf(ada)).toBe(0);
  });
});

describe("the public API refuses an unsafe destination", () => {
  it("on create and on a change of destination, as problem+json naming the field", async () => {
    const ada = await established();
    const key = await makeKey(ada);
    const created = await call(key, "POST", "/qr-codes", {
      type: "url",
      data: { url: MALWARE },
      title: "Flyer",
      trackScans: true,
    });
    expect(created.status).toBe(422);
    expect(created.headers.get("Content-Type")).toContain("application/problem+json");
    expect(created.json.code).toBe("unsafe_destination");
    expect(created.json.detail).toContain(AS_MALWARE);
    expect(created.json.errors).toEqual([{ field: "data.url", message: created.json.detail }]);

    const { id, slug } = await trackedCode(ada);
    const changed = await call(key, "PATCH", `/qr-codes/${id}`, { destination: LISTED });
    expect(changed.status).toBe(422);
    expect(changed.json.code).toBe("unsafe_destination");
    expect(changed.json.errors[0]).toEqual({ field: "destination", message: changed.json.detail });
    const target = await env.DB.prepare("SELECT target_url FROM tracked_links WHERE slug = ?")
      .bind(slug)
      .first<string>("target_url");
    expect(target).toBe("https://example.com/menu");
  });
});

describe("bulk refuses unsafe rows one by one", () => {
  it("on /bulk: each unsafe row is named with its reason, the others go on", async () => {
    const ada = await established("premium");
    const csv = `url,title\nhttps://example.com/a,A\n${LISTED},B\n${PHISHING},C\nhttps://example.com/d,D\n`;
    const response = await uploadCsv(ada, csv);
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).toMatch(new RegExp(`3 url ${ON_LIST}`));
    expect(text).toMatch(/4 url Google Safe Browsing lists this address as phishing/);
    expect(text).toContain("2 of 4");
  });

  it("on /api/v1/bulk-jobs: 422 with each unsafe row's field and reason", async () => {
    const ada = await established();
    const key = await makeKey(ada);
    const rows = [{ url: "https://example.com/a" }, { url: MALWARE }, { url: LISTED }];
    const refused = await call(key, "POST", "/bulk-jobs", { rows, trackScans: true });
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe("invalid_rows");
    expect(refused.json.errors).toEqual([
      { field: "rows[1].url", message: expect.stringContaining(AS_MALWARE) },
      { field: "rows[2].url", message: expect.stringContaining(ON_LIST) },
    ]);
  });
});

describe("the code page refuses an unsafe destination", () => {
  it("for an edit and for a scheduled change, beside the destination field", async () => {
    const ada = await established("premium");
    const { id, slug } = await trackedCode(ada);
    const edited = await postForm(
      `/dashboard/codes/${id}`,
      { intent: "destination", destination: PHISHING, back: "/dashboard" },
      ada.cookies,
    );
    expect(edited.status).toBe(422);
    expect(textOf(await edited.text())).toContain(AS_PHISHING);
    const year = new Date().getUTCFullYear() + 1;
    const scheduled = await postForm(
      `/dashboard/codes/${id}`,
      { intent: "schedule", destination: LISTED, at: `${year}-07-01T17:00`, zone: "UTC" },
      ada.cookies,
    );
    expect(scheduled.status).toBe(422);
    expect(textOf(await scheduled.text())).toContain(ON_LIST);
    const row = await env.DB.prepare(
      "SELECT target_url, scheduled_url FROM tracked_links WHERE slug = ?",
    )
      .bind(slug)
      .first();
    expect(row).toEqual({ target_url: "https://example.com/menu", scheduled_url: null });
  });

  it("a scheduled change whose domain was blocked since is cancelled when due, with an e-mail", async () => {
    const ada = await established("premium");
    await env.DB.prepare(
      "UPDATE users SET stripe_subscription_id = ?, subscription_status = 'active' WHERE id = ?",
    )
      .bind(`sub_${ada.id}`, ada.id)
      .run();
    const { id, slug } = await trackedCode(ada);
    const year = new Date().getUTCFullYear() + 1;
    const scheduled = await postForm(
      `/dashboard/codes/${id}`,
      {
        intent: "schedule",
        destination: "https://later-bad.example/offer",
        at: `${year}-07-01T17:00`,
        zone: "UTC",
      },
      ada.cookies,
    );
    expect(scheduled.status).toBe(303);
    expect((await staffBlocks("later-bad.example")).status).toBe(303);

    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    try {
      await worker.scheduled({ scheduledTime: Date.UTC(year, 6, 1, 17, 0), cron: "* * * * *" });
    } finally {
      info.mockRestore();
    }
    const row = await env.DB.prepare(
      "SELECT target_url, scheduled_url FROM tracked_links WHERE slug = ?",
    )
      .bind(slug)
      .first();
    expect(row).toEqual({ target_url: "https://example.com/menu", scheduled_url: null });
    const kinds = await env.DB.prepare(
      "SELECT kind FROM destination_changes WHERE qr_code_id = ? ORDER BY id",
    )
      .bind(id)
      .all<{ kind: string }>();
    expect(kinds.results.map((r) => r.kind)).toEqual(["cancelled"]);
    const mail = await latestMail(ada.email, /Scheduled change of “Menu” cancelled/);
    expect(mail?.text).toContain(ON_LIST);
    expect(mail?.text).toContain("still leads to https://example.com/menu");
  });
});

describe("an account younger than a day", () => {
  it(`makes ${NEW_ACCOUNT_TRACKED_LINKS} tracked codes, then is told when the limit lifts`, async () => {
    const fresh = await person("ultimate");
    for (let made = 0; made < NEW_ACCOUNT_TRACKED_LINKS; made += 1) {
      expect((await saveTracked(fresh)).status).toBe(200);
    }
    const over = await saveTracked(fresh);
    expect(over.status).toBe(429);
    const { message } = await over.json<{ message: string }>();
    expect(message).toMatch(
      /^New accounts can make 5 tracked codes in their first day\. This limit lifts at \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    const key = await makeKey(fresh);
    const api = await call(key, "POST", "/qr-codes", {
      type: "url",
      data: { url: "https://example.com/x" },
      title: "X",
      trackScans: true,
    });
    expect(api.status).toBe(429);
    expect(api.json.code).toBe("new_account_limit");
    const inGenerator = await saveInGenerator(fresh, "https://example.com/y");
    expect(inGenerator.text).toContain("This limit lifts at");
    // Static codes are not limited.
    expect((await saveInGenerator(fresh, "https://example.com/z", false)).location).toMatch(
      /saved=/,
    );

    await establishAccount(fresh.id);
    expect((await saveTracked(fresh)).status).toBe(200);
  });

  it("has bulk rows past its first day's allowance refused, each saying when it lifts", async () => {
    const fresh = await person("ultimate");
    const key = await makeKey(fresh);
    const rows = Array.from({ length: 7 }, (_, i) => ({ url: `https://example.com/${i}` }));
    const refused = await call(key, "POST", "/bulk-jobs", { rows, trackScans: true });
    expect(refused.status).toBe(422);
    expect(refused.json.errors.map((error: { field: string }) => error.field)).toEqual([
      "rows[5].url",
      "rows[6].url",
    ]);
    expect(refused.json.errors[0].message).toContain("This limit lifts at");
  });
});
