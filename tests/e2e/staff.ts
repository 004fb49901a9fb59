import { type APIRequestContext, expect } from "@playwright/test";

// The staff member of the e2e runs (wrangler.toml [vars] STAFF_EMAILS), for the staff console's
// specs, and the local outbox they confirm their address through.

export const STAFF = "support-staff@qrcodecreator.app"; // wrangler.toml [vars] STAFF_EMAILS
const PASSWORD = "a long enough password";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

export async function outbox(request: APIRequestContext): Promise<Mail[]> {
  const response = await request.get("/dev/mail?format=json");
  expect(response.ok()).toBe(true);
  return (await response.json()) as Mail[];
}

/**
 * Signs the context in as the staff member: the listed address, confirmed through the link in the
 * outbox. Both projects run at once against one server, so whichever comes second signs in.
 */
export async function signInAsStaff(request: APIRequestContext, origin: string) {
  const headers = { Origin: origin };
  const account = { email: STAFF, password: PASSWORD };
  const signUp = await request.post("/api/auth/signup", {
    data: { ...account, firstName: "Sam", lastName: "Staff" },
    headers,
  });
  if (signUp.status() !== 201) {
    const signIn = await request.post("/api/auth/signin", { data: account, headers });
    expect(signIn.ok()).toBe(true);
    // Confirmed by an earlier spec: its e-mail may have left the outbox (it keeps the newest).
    if ((await request.get("/staff")).ok()) return;
  }
  await expect
    .poll(async () => (await outbox(request)).some((mail) => mail.to === STAFF))
    .toBe(true);
  const mail = (await outbox(request)).find(
    (m) => m.to === STAFF && /Confirm your e-mail address/.test(m.subject),
  )!;
  const link = new URL(mail.links[0]!);
  await request.get(link.pathname + link.search);
}
