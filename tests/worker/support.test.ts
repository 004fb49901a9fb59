import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { cookieFrom, newPerson, postJson } from "./accounts";
import { appFetch, generate, ORIGIN } from "./app";
import { landOn, pageText, postForm } from "./forms";
import { latestMail, linkFrom } from "./mail";

// Priority support (issue #19), as people and staff use it without JavaScript: a request keeps
// its plan's promise (Premium 24 h, Ultimate 6 h, Free none), the staff inbox opens only to
// verified accounts listed in STAFF_EMAILS, replies reach the person's inbox, and the 10-minute
// cron records missed promises once.

const HOUR = 3_600_000;
const STAFF_ADDRESS = "support-staff@qrcodecreator.app"; // wrangler.toml [vars] STAFF_EMAILS
const SUPPORT_ADDRESS = "support@qrcodecreator.app"; // wrangler.toml [vars] SUPPORT_EMAIL

interface Person {
  id: string;
  email: string;
  cookie: string;
}

async function person(plan: "free" | "premium" | "ultimate", email?: string): Promise<Person> {
  const details = { ...newPerson("sup"), ...(email ? { email } : {}) };
  const response = await postJson("/api/auth/signup", { ...details, plan });
  expect(response.status).toBe(201);
  const { id } = await response.json<{ id: string }>();
  return { id, email: details.email, cookie: cookieFrom(response, "qr_session")! };
}

let staffMember: Person | undefined;
/** The staff member: signs up with the listed address and opens the verification link. */
async function staff(): Promise<Person> {
  if (staffMember) return staffMember;
  const member = await person("free", STAFF_ADDRESS);
  // Before the address is confirmed, anyone could have typed it: no inbox yet.
  expect((await appFetch("/staff/support", { headers: { Cookie: member.cookie } })).status).toBe(
    404,
  );
  const link = await linkFrom(STAFF_ADDRESS, /Confirm your e-mail address/);
  expect((await appFetch(link)).status).toBe(303);
  staffMember = member;
  return member;
}

const request = {
  subject: "Scans stopped counting",
  category: "codes",
  message: "Since Monday the menu code shows no scans.\nCould you look?",
};

async function openTicket(who: Person, fields: Record<string, string> = request) {
  const response = await postForm("/support", fields, who.cookie);
  expect(response.status).toBe(303);
  const location = response.headers.get("Location")!;
  expect(location).toMatch(/^\/support\/[0-9a-f-]{36}$/);
  return { id: location.split("/").pop()!, response };
}

async function ticketRow(id: string) {
  return env.DB.prepare(
    "SELECT plan, status, response_hours, due_at, created_at, first_response_at, breached_at, workspace_id, qr_code_id FROM support_tickets WHERE id = ?",
  )
    .bind(id)
    .first<{
      plan: string;
      status: string;
      response_hours: number | null;
      due_at: number | null;
      created_at: number;
      first_response_at: number | null;
      breached_at: number | null;
      workspace_id: string;
      qr_code_id: number | null;
    }>();
}

const utc = (ms: number) =>
  `${new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  }).format(new Date(ms))} UTC`;

const worker = exports.default as unknown as {
  scheduled(controller: Pick<ScheduledController, "scheduledTime" | "cron">): Promise<void>;
};

describe("a support request", () => {
  it("is linked from the help centre and the user menu", async () => {
    const ada = await person("free");
    const home = await (await appFetch("/", { headers: { Cookie: ada.cookie } })).text();
    const menu = home.slice(home.indexOf('class="user-menu-panel"'));
    expect(menu).toMatch(/<a[^>]*href="\/support"[^>]*>Support<\/a>/);
    expect(await (await appFetch("/help")).text()).toMatch(
      /href="\/support"[^>]*>Write to support/,
    );
  });

  it("sends a visitor to sign in first", async () => {
    const response = await appFetch("/support");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/auth?mode=signin&redirect=%2Fsupport");
  });

  it("on Premium is due within 24 hours, said on the page and told to the support address", async () => {
    const ada = await person("premium");
    const { id, response } = await openTicket(ada);
    const row = await ticketRow(id);
    expect(row).toMatchObject({ plan: "premium", status: "open", response_hours: 24 });
    expect(row!.due_at).toBe(row!.created_at + 24 * HOUR);
    const page = await landOn(response, ada.cookie);
    expect(page).toContain("Request sent");
    expect(page).toContain(`Response due by ${utc(row!.due_at!)}`);
    expect(page).toContain("Since Monday the menu code shows no scans.");
    expect(await pageText("/support", ada.cookie)).toMatch(
      /Scans stopped counting Open .*Response due by/,
    );
    const mail = await latestMail(SUPPORT_ADDRESS, /New support request: Scans stopped counting/);
    expect(mail?.text).toContain(ada.email);
    expect(mail?.text).toContain(`A first response is due by ${utc(row!.due_at!)}`);
    expect(mail?.links[0]).toBe(`https://qr.example.com/staff/support/${id}`);
  });

  it("on Ultimate is due within 6 hours", async () => {
    const grace = await person("ultimate");
    const { id } = await openTicket(grace);
    const row = await ticketRow(id);
    expect(row).toMatchObject({ plan: "ultimate", response_hours: 6 });
    expect(row!.due_at).toBe(row!.created_at + 6 * HOUR);
  });

  it("on Free has no promised time, and the page says so plainly with the FAQ and help centre", async () => {
    const free = await person("free");
    const form = await appFetch("/support", { headers: { Cookie: free.cookie } });
    const html = await form.text();
    expect(textOf(html)).toContain("Community support.");
    expect(textOf(html)).toContain("no guaranteed response time");
    expect(html).toContain('href="/faq"');
    expect(html).toContain('href="/help"');
    const { id, response } = await openTicket(free);
    expect((await ticketRow(id))!).toMatchObject({
      plan: "free",
      response_hours: null,
      due_at: null,
    });
    const page = await landOn(response, free.cookie);
    expect(page).not.toContain("Response due by");
    expect(page).toContain("Community support: no guaranteed response time");
  });

  it("refuses a missing subject, an unknown category and a message too long, with 400", async () => {
    const ada = await person("premium");
    const empty = await postForm("/support", { ...request, subject: "" }, ada.cookie);
    expect(empty.status).toBe(400);
    expect(textOf(await empty.text())).toContain("Give your request a subject");
    const category = await postForm("/support", { ...request, category: "refund" }, ada.cookie);
    expect(category.status).toBe(400);
    const long = await postForm("/support", { ...request, message: "x".repeat(5001) }, ada.cookie);
    expect(long.status).toBe(400);
    const count = await env.DB.prepare(
      "SELECT count(*) AS n FROM support_tickets WHERE user_id = ?",
    )
      .bind(ada.id)
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
  });

  it("refuses a post far larger than a message with 413 before reading it, on every support form", async () => {
    const ada = await person("premium");
    const { id } = await openTicket(ada);
    const member = await staff();
    const huge = "x".repeat(70_000);
    const posts = [
      postForm("/support", { ...request, message: huge }, ada.cookie),
      postForm(`/support/${id}`, { intent: "reply", message: huge }, ada.cookie),
      postForm(`/staff/support/${id}`, { intent: "reply", message: huge }, member.cookie),
    ];
    for (const response of await Promise.all(posts)) {
      expect(response.status).toBe(413);
      expect(textOf(await response.text())).toContain(
        "The form is larger than 64 KB. Please keep the message under 5,000 characters.",
      );
    }
    const { n } = (await env.DB.prepare(
      "SELECT count(*) AS n FROM support_messages WHERE ticket_id = ?",
    )
      .bind(id)
      .first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it("may name a code of the current workspace, never another workspace's", async () => {
    const ada = await person("premium");
    const eve = await person("premium");
    const save = async (who: Person, title: string) => {
      const response = await generate(
        {
          type: "url",
          data: { url: "https://example.com/menu" },
          customization: { size: 256, fgColor: "#000000", bgColor: "#ffffff" },
          title,
          save: "true",
        },
        { cookie: who.cookie, headers: { Origin: ORIGIN } },
      );
      expect(response.status).toBe(200);
      return response.json<{ id: number }>();
    };
    const own = await save(ada, "Menu");
    const foreign = await save(eve, "Eve's");
    const refused = await postForm(
      "/support",
      { ...request, code: String(foreign.id) },
      ada.cookie,
    );
    expect(refused.status).toBe(400);
    const text = textOf(await refused.text());
    expect(text).toContain("Choose one of this workspace's codes");
    expect(text).not.toContain("Eve's");
    const { id } = await openTicket(ada, { ...request, code: String(own.id) });
    expect((await ticketRow(id))!.qr_code_id).toBe(own.id);
  });

  it("is the writer's alone: anyone else's look or reply is a 404", async () => {
    const ada = await person("premium");
    const eve = await person("ultimate");
    const { id } = await openTicket(ada);
    expect((await appFetch(`/support/${id}`, { headers: { Cookie: eve.cookie } })).status).toBe(
      404,
    );
    const reply = await postForm(
      `/support/${id}`,
      { intent: "reply", message: "Mine now" },
      eve.cookie,
    );
    expect(reply.status).toBe(404);
    const close = await postForm(`/support/${id}`, { intent: "close" }, eve.cookie);
    expect(close.status).toBe(404);
    expect((await ticketRow(id))!.status).toBe("open");
  });

  it("is part of the writer's data export, with support's answers", async () => {
    const ada = await person("premium");
    const { id } = await openTicket(ada);
    const member = await staff();
    await postForm(`/staff/support/${id}`, { intent: "reply", message: "Fixed." }, member.cookie);
    const response = await appFetch("/account/export", { headers: { Cookie: ada.cookie } });
    expect(response.status).toBe(200);
    const { supportRequests } = await response.json<{
      supportRequests: { subject: string; messages: { from: string; body: string }[] }[];
    }>();
    expect(supportRequests).toHaveLength(1);
    expect(supportRequests[0]!.subject).toBe(request.subject);
    expect(supportRequests[0]!.messages).toMatchObject([
      { from: "you", body: request.message },
      { from: "support", body: "Fixed." },
    ]);
  });

  it("shows messages as escaped text", async () => {
    const ada = await person("premium");
    const { id } = await openTicket(ada, {
      ...request,
      message: '<script>alert("x")</script><b>bold</b>',
    });
    const html = await (
      await appFetch(`/support/${id}`, { headers: { Cookie: ada.cookie } })
    ).text();
    expect(html).not.toContain("<b>bold</b>");
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt;");
  });

  it("can be opened at most 10 times a day per person", async () => {
    const ada = await person("premium");
    for (let n = 0; n < 10; n += 1) await openTicket(ada, { ...request, subject: `Question ${n}` });
    const refused = await postForm("/support", request, ada.cookie);
    expect(refused.status).toBe(429);
    expect(textOf(await refused.text())).toContain(
      "You have opened 10 requests in the last 24 hours",
    );
  });
});

describe("the staff inbox", () => {
  it("is a 404 for visitors, for other accounts and for an unverified staff address", async () => {
    expect((await appFetch("/staff/support")).status).toBe(404);
    const ultimate = await person("ultimate");
    expect(
      (await appFetch("/staff/support", { headers: { Cookie: ultimate.cookie } })).status,
    ).toBe(404);
    const { id } = await openTicket(ultimate);
    expect(
      (await appFetch(`/staff/support/${id}`, { headers: { Cookie: ultimate.cookie } })).status,
    ).toBe(404);
    const answer = await postForm(`/staff/support/${id}`, { message: "Fixed" }, ultimate.cookie);
    expect(answer.status).toBe(404);
    expect((await ticketRow(id))!.status).toBe("open");
    expect(await latestMail(ultimate.email, /^Re: /)).toBeUndefined();
  });

  it("lists tickets by due time, overdue ones marked, for verified staff", async () => {
    const premium = await person("premium");
    const ultimate = await person("ultimate");
    const late = await openTicket(premium, { ...request, subject: "Premium question" });
    const soon = await openTicket(ultimate, { ...request, subject: "Ultimate question" });
    // The Premium ticket's promise has already passed.
    await env.DB.prepare("UPDATE support_tickets SET due_at = ? WHERE id = ?")
      .bind(Date.now() - HOUR, late.id)
      .run();
    const member = await staff();
    const response = await appFetch("/staff/support", { headers: { Cookie: member.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const text = textOf(await response.text());
    expect(text).toMatch(/Premium question .*Overdue\. Response due by .*Ultimate question/);
    expect(text).toContain(premium.email);
    expect(text).toMatch(/\d+ waiting for an answer, \d+ overdue/);
    expect(text.indexOf("Ultimate question")).toBeGreaterThan(0);
    expect(soon.id).not.toBe(late.id);
  });

  it("keeps a promised ticket at the top however many community and closed tickets there are", async () => {
    const free = await person("free");
    const now = Date.now();
    const row = (n: number, status: "open" | "closed") =>
      env.DB.prepare(
        "INSERT INTO support_tickets (id, user_id, plan, subject, category, status, created_at, updated_at) VALUES (?, ?, 'free', ?, 'codes', ?, ?, ?)",
      ).bind(crypto.randomUUID(), free.id, `Community crowd ${n}`, status, now - n, now - n);
    await env.DB.batch([
      ...Array.from({ length: 520 }, (_, n) => row(n, "open")),
      ...Array.from({ length: 120 }, (_, n) => row(n, "closed")),
    ]);
    const premium = await person("premium");
    await openTicket(premium, { ...request, subject: "Premium amid the crowd" });
    const member = await staff();
    const response = await appFetch("/staff/support", { headers: { Cookie: member.cookie } });
    const text = textOf(await response.text());
    const promised = text.indexOf("Premium amid the crowd");
    expect(promised).toBeGreaterThan(0);
    expect(promised).toBeLessThan(text.indexOf("Community crowd"));
  });

  it("answers a ticket: the reply is on the person's page and in their inbox, then either side closes", async () => {
    const ada = await person("premium");
    const { id } = await openTicket(ada);
    const member = await staff();
    const staffPage = await pageText(`/staff/support/${id}`, member.cookie);
    expect(staffPage).toContain(ada.email);
    expect(staffPage).toContain("Premium plan");
    const empty = await postForm(
      `/staff/support/${id}`,
      { intent: "reply", message: " " },
      member.cookie,
    );
    expect(empty.status).toBe(400);
    const answered = await postForm(
      `/staff/support/${id}`,
      { intent: "reply", message: "We restarted the counter.\nScans show again." },
      member.cookie,
    );
    expect(answered.status).toBe(303);
    expect(await landOn(answered, member.cookie)).toContain(`e-mailed to ${ada.email}`);
    const row = await ticketRow(id);
    expect(row).toMatchObject({ status: "answered" });
    expect(row!.first_response_at).not.toBeNull();

    const mail = await latestMail(ada.email, /^Re: Scans stopped counting$/);
    expect(mail?.text).toContain("We restarted the counter.");
    expect(mail?.links[0]).toBe(`https://qr.example.com/support/${id}`);
    const page = await pageText(`/support/${id}`, ada.cookie);
    expect(page).toContain("Support");
    expect(page).toContain("We restarted the counter.");
    expect(page).toContain("Answered");
    expect(page).not.toContain("Response due by");

    const more = await postForm(
      `/support/${id}`,
      { intent: "reply", message: "Thanks! One more thing." },
      ada.cookie,
    );
    expect(more.status).toBe(303);
    expect((await ticketRow(id))!.status).toBe("open");
    // The first response was given: answering again does not move it.
    expect((await ticketRow(id))!.first_response_at).toBe(row!.first_response_at);

    const closed = await postForm(`/support/${id}`, { intent: "close" }, ada.cookie);
    expect(await landOn(closed, ada.cookie)).toContain("Request closed");
    expect((await ticketRow(id))!.status).toBe("closed");
    expect(await pageText(`/support/${id}`, ada.cookie)).toContain("Writing here reopens it");
    const reopened = await postForm(
      `/support/${id}`,
      { intent: "reply", message: "It is back." },
      ada.cookie,
    );
    expect(await landOn(reopened, ada.cookie)).toContain("Request reopened");
    expect((await ticketRow(id))!.status).toBe("open");
    const staffClosed = await postForm(`/staff/support/${id}`, { intent: "close" }, member.cookie);
    expect(staffClosed.status).toBe(303);
    expect((await ticketRow(id))!.status).toBe("closed");
  });
});

describe("the 10-minute cron", () => {
  it("records a missed promise once, and never for a ticket answered in time", async () => {
    const ada = await person("ultimate");
    const missed = await openTicket(ada, { ...request, subject: "Missed" });
    const kept = await openTicket(ada, { ...request, subject: "Kept" });
    const member = await staff();
    await postForm(
      `/staff/support/${kept.id}`,
      { intent: "reply", message: "Done." },
      member.cookie,
    );
    const due = (await ticketRow(missed.id))!.due_at!;

    await worker.scheduled({ scheduledTime: due - 60_000, cron: "*/10 * * * *" });
    expect((await ticketRow(missed.id))!.breached_at).toBeNull();

    await worker.scheduled({ scheduledTime: due + 60_000, cron: "*/10 * * * *" });
    expect((await ticketRow(missed.id))!.breached_at).toBe(due + 60_000);
    expect((await ticketRow(kept.id))!.breached_at).toBeNull();

    await worker.scheduled({ scheduledTime: due + 11 * 60_000, cron: "*/10 * * * *" });
    expect((await ticketRow(missed.id))!.breached_at).toBe(due + 60_000);
    expect(await pageText(`/staff/support/${missed.id}`, member.cookie)).toContain(
      "promised time missed",
    );
  });
});
