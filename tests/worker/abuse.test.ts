import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { PERSONAL_MAKER } from "../../app/abuse/preview.server";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { textOf } from "../support/html";
import { call, makeKey, person, saveTrackedCode } from "./api-client";
import { appFetch, newAddress, ORIGIN, SCAN_QUEUE_WAIT } from "./app";
import {
  activeDomain,
  onHost,
  person as domainOwner,
  saveTracked as saveOnDomain,
} from "./domains";
import { landOn, postForm } from "./forms";
import { latestMail } from "./mail";
import { rolledUpScans } from "./scan-rollups";
import { signUp, staffMember, unverifiedStaff } from "./staff";

// Abused links (issue #31): a short link's preview page (/s/{slug}+) with its "Report this link"
// form, the staff console's abuse queue, and a disabled link, which scanners see as a plain 410
// page everywhere it is served while its owner can no longer re-point it.

const REPORT = { reason: "phishing", details: "It asks for my bank password.", email: "" };

function report(slug: string, fields: Record<string, string> = REPORT, ip = newAddress()) {
  return appFetch(`/s/${slug}+`, {
    method: "POST",
    headers: { Origin: ORIGIN, "CF-Connecting-IP": ip },
    body: new URLSearchParams(fields),
  });
}

async function reportsOf(slug: string) {
  const { results } = await env.DB.prepare(
    "SELECT reason, details, reporter_email, resolution FROM link_reports WHERE slug = ? ORDER BY id",
  )
    .bind(slug)
    .all();
  return results;
}

function staffPost(cookie: string, slug: string, fields: Record<string, string>) {
  return postForm(`/staff/abuse/${slug}`, { back: "queue", ...fields }, cookie);
}

async function staffAudit(slug: string) {
  const { results } = await env.DB.prepare(
    "SELECT action, staff_email, details FROM staff_audit WHERE subject_type = 'link' AND subject_id = ? ORDER BY id",
  )
    .bind(slug)
    .all<{ action: string; staff_email: string; details: string }>();
  return results;
}

describe("the preview page of a short link", () => {
  it("shows where the link leads and who made it, and counts no scan", async () => {
    const ada = await person("premium");
    const { id, slug } = await saveTrackedCode(ada, "https://example.com/menu?table=4");
    const response = await appFetch(`/s/${slug}+`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Location")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    const html = await response.text();
    expect(html).toContain('href="https://example.com/menu?table=4"');
    const text = textOf(html);
    expect(text).toContain("It leads to");
    expect(text).toContain("https://example.com/menu?table=4");
    // A personal workspace is not named after its owner for strangers to read.
    expect(text).toContain(`Made by ${PERSONAL_MAKER}`);
    expect(text).toContain("Report this link");
    // A real scan afterwards is counted once: the preview added nothing before it.
    expect((await appFetch(`/s/${slug}`)).status).toBe(302);
    await vi.waitFor(async () => expect(await rolledUpScans(id)).toBe(1), SCAN_QUEUE_WAIT);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await rolledUpScans(id)).toBe(1);
  });

  it("names an Ultimate workspace by its brand", async () => {
    const ada = await person("ultimate");
    const form = new FormData();
    for (const [name, value] of Object.entries({
      intent: "save-brand",
      workspace: personalWorkspaceId(ada.id),
      name: "Ada's Bakery",
      accentColor: "#9a3412",
      supportUrl: "",
    })) {
      form.set(name, value);
    }
    const saved = await appFetch("/dashboard?tab=brand", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: ada.cookies, "CF-Connecting-IP": newAddress() },
      body: form,
    });
    expect(saved.status).toBe(303);
    const { slug } = await saveTrackedCode(ada);
    expect(textOf(await (await appFetch(`/s/${slug}+`)).text())).toContain("Made by Ada's Bakery");
  });

  it("names a team workspace by its name", async () => {
    const ada = await person("premium");
    const { slug } = await saveTrackedCode(ada);
    await env.DB.prepare("UPDATE workspaces SET personal = 0, name = 'Harbour Café' WHERE id = ?")
      .bind(personalWorkspaceId(ada.id))
      .run();
    expect(textOf(await (await appFetch(`/s/${slug}+`)).text())).toContain("Made by Harbour Café");
  });

  it("is 404 for an unknown link and 410 for a deleted code", async () => {
    expect((await appFetch("/s/nosuch123+")).status).toBe(404);
    const ada = await person("premium");
    const { id, slug } = await saveTrackedCode(ada);
    await env.DB.prepare("DELETE FROM qr_codes WHERE id = ?").bind(id).run();
    expect((await appFetch(`/s/${slug}+`)).status).toBe(410);
  });
});

describe("the report form", () => {
  it("stores a report and lands on its thank-you, never shown to the workspace", async () => {
    const ada = await person("premium");
    const { id, slug } = await saveTrackedCode(ada);
    const response = await report(slug, { ...REPORT, email: "reader@example.net" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/s/${slug}+?reported=1#result`);
    expect(await landOn(response)).toContain("Thank you. Your report reached our team");
    expect(await reportsOf(slug)).toEqual([
      {
        reason: "phishing",
        details: "It asks for my bank password.",
        reporter_email: "reader@example.net",
        resolution: null,
      },
    ]);
    const ownerView = textOf(
      await (await appFetch(`/dashboard/codes/${id}`, { headers: { Cookie: ada.cookies } })).text(),
    );
    expect(ownerView).not.toContain("bank password");
  });

  it("refuses a bad reason, empty details or a bad address with a message (400)", async () => {
    const { slug } = await saveTrackedCode(await person("premium"));
    const cases: [Record<string, string>, string][] = [
      [{ ...REPORT, reason: "boring" }, "Choose why you are reporting this link."],
      [{ ...REPORT, details: "  " }, "Tell us what you saw at this link."],
      [{ ...REPORT, email: "not-an-address" }, "Enter an e-mail address like name@example.com"],
    ];
    for (const [fields, message] of cases) {
      const response = await report(slug, fields);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(textOf(html)).toContain(message);
      expect(html).toContain('id="result"');
    }
    expect(await reportsOf(slug)).toEqual([]);
  });

  it("thanks a robot that filled the honeypot and stores nothing", async () => {
    const { slug } = await saveTrackedCode(await person("premium"));
    const response = await report(slug, { ...REPORT, website: "https://spam.example" });
    expect(response.status).toBe(303);
    expect(await reportsOf(slug)).toEqual([]);
  });

  it("limits reports per network and per link", async () => {
    const { slug } = await saveTrackedCode(await person("premium"));
    const ip = newAddress();
    for (let i = 0; i < 5; i += 1) expect((await report(slug, REPORT, ip)).status).toBe(303);
    const sixth = await report(slug, REPORT, ip);
    expect(sixth.status).toBe(429);
    expect(textOf(await sixth.text())).toContain("You have sent several reports in the last hour");
    // Others may still report it, up to the link's own limit.
    for (let i = 5; i < 20; i += 1) expect((await report(slug)).status).toBe(303);
    const flood = await report(slug);
    expect(flood.status).toBe(429);
    expect(textOf(await flood.text())).toContain("reported many times in the last hour");
    expect((await reportsOf(slug)).length).toBe(20);
  });

  it("refuses a cross-site post", async () => {
    const { slug } = await saveTrackedCode(await person("premium"));
    const response = await appFetch(`/s/${slug}+`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "CF-Connecting-IP": newAddress() },
      body: new URLSearchParams(REPORT),
    });
    expect(response.status).toBe(403);
    expect(await reportsOf(slug)).toEqual([]);
  });
});

describe("the abuse queue", () => {
  it("is the ordinary 404 for visitors, customers and an unverified staff address", async () => {
    const { slug } = await saveTrackedCode(await person("premium"));
    const customer = await signUp("ultimate");
    const unverified = await unverifiedStaff();
    for (const path of ["/staff/abuse", `/staff/abuse/${slug}`]) {
      expect((await appFetch(path)).status).toBe(404);
      for (const who of [customer, unverified]) {
        expect((await appFetch(path, { headers: { Cookie: who.cookie } })).status).toBe(404);
      }
    }
    for (const who of [customer, unverified]) {
      const response = await staffPost(who.cookie, slug, { intent: "disable", reason: "Phishing" });
      expect(response.status).toBe(404);
    }
    expect(
      await env.DB.prepare("SELECT disabled_at FROM tracked_links WHERE slug = ?")
        .bind(slug)
        .first("disabled_at"),
    ).toBeNull();
  });

  it("lists reported links, the most reported first, with destination, workspace and reports", async () => {
    const staff = await staffMember();
    const ada = await person("premium");
    const once = await saveTrackedCode(ada, "https://example.com/once", "Once");
    const twice = await saveTrackedCode(ada, "https://example.com/twice", "Twice");
    await report(once.slug, { ...REPORT, details: "Reported once." });
    await report(twice.slug, { ...REPORT, reason: "malware", details: "Downloads an .exe" });
    await report(twice.slug, { ...REPORT, reason: "spam", details: "Spam again" });
    const response = await appFetch("/staff/abuse", { headers: { Cookie: staff.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const text = textOf(await response.text());
    expect(text.indexOf(`${twice.slug} · 2 open reports`)).toBeGreaterThan(-1);
    expect(text.indexOf(`${twice.slug} · 2 open reports`)).toBeLessThan(
      text.indexOf(`${once.slug} · 1 open report`),
    );
    expect(text).toContain("https://example.com/twice");
    expect(text).toContain(`owner ${ada.email}`);
    expect(text).toContain("Downloads an .exe");
    expect(text).toContain("Malware");
    const home = textOf(
      await (await appFetch("/staff", { headers: { Cookie: staff.cookie } })).text(),
    );
    expect(home).toContain("Abuse reports");
  });

  it("dismisses a link's reports, logged", async () => {
    const staff = await staffMember();
    const { slug } = await saveTrackedCode(await person("premium"));
    await report(slug);
    const response = await staffPost(staff.cookie, slug, { intent: "dismiss" });
    expect(response.status).toBe(303);
    expect((await reportsOf(slug)).map((row) => row.resolution)).toEqual(["dismissed"]);
    expect(
      textOf(await (await appFetch("/staff/abuse", { headers: { Cookie: staff.cookie } })).text()),
    ).not.toContain(`${slug} · 1 open report`);
    expect((await staffAudit(slug)).map((row) => row.action)).toEqual(["link.reports_dismissed"]);
    expect((await appFetch(`/s/${slug}`)).status).toBe(302);
  });
});

describe("a disabled link", () => {
  it("stops redirecting at once (also from a warm edge copy), e-mails the owner, and is logged", async () => {
    const staff = await staffMember();
    const ada = await person("premium");
    const { id, slug } = await saveTrackedCode(ada, "https://example.com/phish", "Login page");
    // The fast path has read the link: its edge copy is warm.
    expect((await appFetch(`/s/${slug}`)).headers.get("Location")).toBe(
      "https://example.com/phish",
    );
    await report(slug);
    const refused = await staffPost(staff.cookie, slug, { intent: "disable", reason: "" });
    expect(refused.status).toBe(400);
    expect(textOf(await refused.text())).toContain("Write the reason the owner will read");
    const disabled = await staffPost(staff.cookie, slug, {
      intent: "disable",
      reason: "It imitates a bank's sign-in page",
    });
    expect(disabled.status).toBe(303);
    expect(disabled.headers.get("Location")).toBe("/staff/abuse");

    const scan = await appFetch(`/s/${slug}`);
    expect(scan.status).toBe(410);
    expect(scan.headers.get("Location")).toBeNull();
    expect(textOf(await scan.text())).toContain("This link was disabled");
    expect((await appFetch(`/s/${slug}+`)).status).toBe(200);
    expect(textOf(await (await appFetch(`/s/${slug}+`)).text())).toContain(
      "This link was disabled",
    );
    // Only the scan before the takedown is counted.
    await vi.waitFor(async () => expect(await rolledUpScans(id)).toBe(1), SCAN_QUEUE_WAIT);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await rolledUpScans(id)).toBe(1);

    const mail = await latestMail(ada.email, /We disabled the link of “Login page”/);
    expect(mail?.text).toContain("The reason: It imitates a bank's sign-in page");
    expect(mail?.links).toEqual([`${ORIGIN}/dashboard/codes/${id}`]);
    expect(await staffAudit(slug)).toEqual([
      expect.objectContaining({ action: "link.disabled", staff_email: staff.email }),
    ]);
    expect((await reportsOf(slug)).map((row) => row.resolution)).toEqual(["disabled"]);

    const codePage = textOf(
      await (await appFetch(`/dashboard/codes/${id}`, { headers: { Cookie: ada.cookies } })).text(),
    );
    expect(codePage).toContain("Disabled by our team: It imitates a bank's sign-in page");
    const list = textOf(
      await (
        await appFetch("/dashboard?tab=analytics", { headers: { Cookie: ada.cookies } })
      ).text(),
    );
    expect(list).toContain("Disabled by our team: It imitates a bank's sign-in page");

    // Enabled again: redirects as before, logged.
    const enabled = await staffPost(staff.cookie, slug, { intent: "enable" });
    expect(enabled.status).toBe(303);
    expect((await appFetch(`/s/${slug}`)).headers.get("Location")).toBe(
      "https://example.com/phish",
    );
    expect((await staffAudit(slug)).map((row) => row.action)).toEqual([
      "link.disabled",
      "link.enabled",
    ]);
  });

  it("cannot be re-pointed by its owner: the code page, the list's form, scheduling and the API refuse", async () => {
    const staff = await staffMember();
    const ada = await person("ultimate");
    const { id, slug } = await saveTrackedCode(ada, "https://example.com/phish");
    const key = await makeKey(ada);
    // A change scheduled before the takedown would re-point the link later: it is dropped.
    const scheduled = await postForm(
      `/dashboard/codes/${id}`,
      {
        intent: "schedule",
        destination: "https://example.com/soon",
        at: "2099-01-01T10:00",
        zone: "UTC",
      },
      ada.cookies,
    );
    expect(scheduled.status).toBe(303);
    expect(
      (await staffPost(staff.cookie, slug, { intent: "disable", reason: "Phishing" })).status,
    ).toBe(303);
    const message =
      "Our team disabled this code's link (Phishing), so its destination cannot be changed.";

    const edit = await postForm(
      `/dashboard/codes/${id}`,
      { intent: "destination", destination: "https://example.com/elsewhere" },
      ada.cookies,
    );
    expect(edit.status).toBe(409);
    expect(textOf(await edit.text())).toContain(message);
    const fromList = await postForm(
      `/dashboard/codes/${id}`,
      { intent: "destination", destination: "https://example.com/elsewhere", back: "/dashboard" },
      ada.cookies,
    );
    expect(fromList.status).toBe(409);
    const schedule = await postForm(
      `/dashboard/codes/${id}`,
      {
        intent: "schedule",
        destination: "https://example.com/later",
        at: "2099-01-01T10:00",
        zone: "UTC",
      },
      ada.cookies,
    );
    expect(schedule.status).toBe(409);
    const api = await call(key, "PATCH", `/qr-codes/${id}`, {
      destination: "https://example.com/elsewhere",
    });
    expect(api.status).toBe(409);
    expect(api.json).toMatchObject({ code: "link_disabled" });
    expect(String(api.json!.detail)).toContain(message);

    const link = await env.DB.prepare(
      "SELECT target_url, scheduled_url FROM tracked_links WHERE slug = ?",
    )
      .bind(slug)
      .first();
    expect(link).toEqual({ target_url: "https://example.com/phish", scheduled_url: null });
    expect((await appFetch(`/s/${slug}`)).status).toBe(410);
  });

  it("stops on a custom domain too, with the plain page", async () => {
    const staff = await staffMember();
    const owner = await domainOwner("premium");
    const hostname = "go.abuse-test.test";
    const domain = await activeDomain(owner, hostname);
    const { code } = await saveOnDomain(owner, "https://example.com/on-domain", domain);
    expect((await onHost(hostname, `/${code!.slug}`)).status).toBe(302);
    const preview = await onHost(hostname, `/${code!.slug}+`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("Set-Cookie")).toBeNull();
    const previewText = textOf(await preview.text());
    expect(previewText).toContain("https://example.com/on-domain");
    expect(previewText).toContain("Report this link");

    expect(
      (await staffPost(staff.cookie, code!.slug, { intent: "disable", reason: "Malware" })).status,
    ).toBe(303);
    for (const path of [`/${code!.slug}`, `/s/${code!.slug}`]) {
      const scan = await onHost(hostname, path);
      expect(scan.status).toBe(410);
      expect(scan.headers.get("Location")).toBeNull();
      expect(textOf(await scan.text())).toContain("This link was disabled");
    }
    expect(textOf(await (await onHost(hostname, `/${code!.slug}+`)).text())).toContain(
      "This link was disabled",
    );
    expect((await staffPost(staff.cookie, code!.slug, { intent: "enable" })).status).toBe(303);
    expect((await onHost(hostname, `/${code!.slug}`)).headers.get("Location")).toBe(
      "https://example.com/on-domain",
    );
  });
});
