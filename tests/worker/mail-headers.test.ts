import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { cookieFrom, newPerson, postJson } from "./accounts";
import { appFetch, newAddress, ORIGIN } from "./app";
import { postForm } from "./forms";
import { latestMail, outbox } from "./mail";

// Issue #27, item 8: a support subject of "Help\r\nBcc: …" was sent as the subject. Every value
// that can reach a subject or a sender's name is refused with a message when a form carries
// control characters, and the mailer strips them again, for values that got past a form.

const ONE_LINE =
  "Please write this on one line, without line breaks, tabs or other control characters.";
const HEADER = "Help\r\nBcc: x@evil.test";

async function person(plan: "free" | "premium" | "ultimate") {
  const details = newPerson("hdr");
  const response = await postJson("/api/auth/signup", { ...details, plan });
  expect(response.status).toBe(201);
  const { id } = await response.json<{ id: string }>();
  return { id, email: details.email, cookie: cookieFrom(response, "qr_session")! };
}

describe("values that reach e-mail headers", () => {
  it("a support subject with a line break is refused with a message, and nothing is sent", async () => {
    const ada = await person("premium");
    const before = (await outbox()).length;
    const response = await postForm(
      "/support",
      { subject: HEADER, category: "billing", message: "Where is my invoice?" },
      ada.cookie,
    );
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain(ONE_LINE);
    const { n } = (await env.DB.prepare(
      "SELECT count(*) AS n FROM support_tickets WHERE user_id = ?",
    )
      .bind(ada.id)
      .first<{ n: number }>())!;
    expect(n).toBe(0);
    expect((await outbox()).length).toBe(before);
  });

  it("person, workspace, brand and batch names with control characters are refused", async () => {
    const signup = await postJson("/api/auth/signup", {
      ...newPerson("hdr"),
      firstName: "Eve\r\nBcc: x@evil.test",
    });
    expect(signup.status).toBe(400);
    expect(JSON.stringify(await signup.json())).toContain(ONE_LINE);

    const ada = await person("ultimate");
    const workspace = personalWorkspaceId(ada.id);
    const renamed = await postForm(
      "/dashboard",
      { workspace, intent: "rename-workspace", name: "Studio\u0007" },
      ada.cookie,
    );
    const landing = await appFetch(renamed.headers.get("Location")!, {
      headers: { Cookie: [ada.cookie, cookieFrom(renamed, "qr_flash")].join("; ") },
    });
    expect(textOf(await landing.text())).toContain(ONE_LINE);

    const form = new FormData();
    form.set("intent", "save-brand");
    form.set("workspace", workspace);
    form.set("name", "Ada's\u000bBakery");
    form.set("accentColor", "#9a3412");
    const brand = await appFetch("/dashboard?tab=brand", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: ada.cookie, "CF-Connecting-IP": newAddress() },
      body: form,
    });
    expect(brand.status).toBe(400);
    expect(textOf(await brand.text())).toContain(ONE_LINE);

    const upload = new FormData();
    upload.set("intent", "check");
    upload.set("file", new File(["url\nhttps://example.com\n"], "menu\u0007.csv"));
    const bulk = await appFetch("/bulk", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: ada.cookie, "CF-Connecting-IP": newAddress() },
      body: upload,
    });
    expect(bulk.status).toBe(400);
    expect(textOf(await bulk.text())).toContain("The file's name has a line break");
  });

  it("a name forced past the forms (straight into D1) is stripped from the subject sent", async () => {
    const owner = await person("premium");
    await env.DB.prepare("UPDATE users SET first_name = ? WHERE id = ?")
      .bind("Eve\r\nBcc: x@evil.test\r\n", owner.id)
      .run();
    await env.DB.prepare("UPDATE workspaces SET name = ? WHERE id = ?")
      .bind(`Studio\n\u0000${HEADER}`, personalWorkspaceId(owner.id))
      .run();
    const invitee = newPerson("hdr-invitee").email;
    const response = await postForm(
      "/dashboard",
      {
        workspace: personalWorkspaceId(owner.id),
        intent: "invite",
        email: invitee,
        role: "editor",
      },
      owner.cookie,
    );
    expect(response.status).toBe(303);
    const mail = await latestMail(invitee, /invited you/);
    expect(mail).toBeDefined();
    expect(mail!.subject).not.toMatch(/[\r\n]/);
    expect(mail!.subject).not.toContain("\u0000");
    expect(mail!.subject).toContain("Eve Bcc: x@evil.test");
  });
});
