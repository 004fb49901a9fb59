import { type APIRequestContext, expect, test } from "@playwright/test";

// Issue #27: e-mailed links start with APP_URL (for `npm start`, http://localhost:$PORT), never
// with the Host a request names. Locally, a Host under .test still reaches the app (there is no
// APP_HOSTNAME), which is exactly how the forged Host of the red-team report got through.

const FORGED = "evil.test:8787";

interface Mail {
  to: string;
  subject: string;
  links: string[];
}

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function linkOf(request: APIRequestContext, to: string, subject: RegExp) {
  let link = "";
  await expect
    .poll(async () => {
      const mails = (await (await request.get("/dev/mail?format=json")).json()) as Mail[];
      link = mails.find((mail) => mail.to === to && subject.test(mail.subject))?.links[0] ?? "";
      return link;
    })
    .not.toBe("");
  return link;
}

const forged = { Host: FORGED, Origin: `http://${FORGED}` };

test("a forged Host changes no e-mailed link", async ({ page, baseURL }) => {
  test.skip(test.info().project.name !== "javascript", "one server-side story is enough");
  const appUrl = new URL(baseURL!).origin;

  // A password reset asked for with a forged Host.
  const email = uniqueEmail("forged");
  const signUp = await page.request.post("/api/auth/signup", {
    data: { firstName: "Eve", lastName: "Host", email, password: "a long enough password" },
    headers: { Origin: appUrl },
  });
  expect(signUp.status()).toBe(201);
  const asked = await page.request.post("/forgot-password", {
    form: { email },
    headers: forged,
    maxRedirects: 0,
  });
  expect(asked.status()).toBe(303);
  const reset = await linkOf(page.request, email, /Reset/);
  expect(reset.startsWith(`${appUrl}/reset-password?token=`), reset).toBe(true);

  // An invitation sent with a forged Host, by a Premium owner.
  const owner = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Paula",
      lastName: "Owner",
      email: uniqueEmail("owner"),
      password: "a long enough password",
      plan: "premium",
    },
    headers: { Origin: appUrl },
  });
  expect(owner.status()).toBe(201);
  const { id } = (await owner.json()) as { id: string };
  const invitee = uniqueEmail("invitee");
  const invited = await page.request.post("/dashboard", {
    form: { workspace: `ws_${id}`, intent: "invite", email: invitee, role: "editor" },
    headers: forged,
    maxRedirects: 0,
  });
  expect(invited.status()).toBe(303);
  const invitation = await linkOf(page.request, invitee, /invited you/);
  expect(invitation.startsWith(`${appUrl}/invite/`), invitation).toBe(true);
  // And the link works where it points.
  const opened = await page.goto(invitation);
  expect(opened?.status()).toBe(200);
});
