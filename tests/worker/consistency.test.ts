import { describe, expect, it } from "vitest";
import { linksOf, textOf } from "../support/html";
import { readVcard } from "../support/payload-parse";
import { decodeSingleQr } from "../support/qr-decode";
import { appFetch } from "./app";
import { withSettings } from "./settings";

// Issue #29 items 12, 14 and 16, through the real fetch handler.

const NO_PROVIDERS = {
  GOOGLE_CLIENT_ID: undefined,
  GOOGLE_CLIENT_SECRET: undefined,
  OIDC_ISSUER: undefined,
  OIDC_CLIENT_ID: undefined,
  OIDC_CLIENT_SECRET: undefined,
};

const page = async (path: string) => (await appFetch(path)).text();

describe("one sign-in experience", () => {
  it("/signin's Social Login lists both providers when both are configured", async () => {
    const html = await page("/signin?redirect=%2Fpricing");
    const links = linksOf(html);
    expect(
      links.some(
        (link) =>
          link.href === "/api/auth/google?redirect=%2Fpricing" &&
          link.text === "Continue with Google",
      ),
    ).toBe(true);
    expect(links.some((link) => link.href === "/api/login?redirect=%2Fpricing")).toBe(true);
    expect(html).toMatch(/aria-current="page"[^>]*>Social Login</);
  });

  it("/signin lists only the configured provider", async () => {
    const html = await withSettings({ GOOGLE_CLIENT_SECRET: undefined }, () => page("/signin"));
    const hrefs = linksOf(html).map((link) => link.href);
    expect(hrefs).toContain("/api/login");
    expect(hrefs).not.toContain("/api/auth/google");
    expect(textOf(html)).not.toContain("Continue with Google");
  });

  it("/signin opens on the Email tab when no provider is configured", async () => {
    const html = await withSettings(NO_PROVIDERS, () => page("/signin"));
    expect(html).toMatch(/aria-current="page"[^>]*>Email Login</);
    expect(html).toMatch(/<input[^>]*type="password"/);
    expect(textOf(html)).not.toContain("Continue with");
    // Asked for explicitly, the Social tab says why it is empty and points to e-mail.
    const social = await withSettings(NO_PROVIDERS, () => page("/signin?tab=social"));
    expect(textOf(social)).toContain("No social sign-in is set up on this site yet.");
  });

  it("/auth shares the look: the same card, providers only when configured", async () => {
    const configured = await page("/auth");
    const bare = await withSettings(NO_PROVIDERS, () => page("/auth"));
    for (const html of [configured, bare, await page("/signin")]) {
      expect(html).toContain('class="card auth-card"');
      expect(textOf(html)).toContain("By continuing you agree to our Terms of Service");
    }
    expect(textOf(configured)).toContain("Continue with Google");
    expect(textOf(configured)).toContain("or with your email");
    expect(textOf(bare)).not.toContain("Continue with");
    expect(textOf(bare)).not.toContain("or with your email");
  });
});

describe("the generator without JavaScript", () => {
  it("says 'QR settings loaded!' for a link, not for its own Update preview or type links", async () => {
    expect(textOf(await page("/?type=text&text=Hello"))).toContain("QR settings loaded!");
    const own = await page("/?from=generator&type=text&text=Hello&size=256&fg=000000&bg=ffffff");
    expect(textOf(own)).not.toContain("QR settings loaded!");
    // ...and still draws what it was sent.
    expect(own).toContain('alt="QR code: text: Hello"');
    // The form and the type links carry the mark.
    expect(own).toMatch(/<input type="hidden" name="from" value="generator"\/>/);
    expect(own).toMatch(
      /href="\/\?type=wifi&amp;size=256&amp;fg=000000&amp;bg=ffffff&amp;from=generator#generator"/,
    );
  });

  it("hides the feature checklist, which only JavaScript can tick, from pages without it", async () => {
    const html = await page("/");
    expect(html).toMatch(
      /<noscript><link rel="stylesheet" href="[^"]*no-js[^"]*\.css"\/><\/noscript>/,
    );
    expect(html).toMatch(/<div class="container needs-js"><details class="card checklist">/);
  });
});

describe("a contact code from the plain form", () => {
  it("downloads a PNG whose vCard has the address, both phones with their kinds and the note", async () => {
    const query = new URLSearchParams({
      type: "contact",
      firstName: "Grace",
      lastName: "Hopper",
      phone: "+1 555 010 0000",
      phone2: "+1 555 010 0001",
      phone2Type: "work",
      street: "1 Navy Yard, Bldg 5",
      city: "Arlington",
      region: "VA",
      postalCode: "22202",
      country: "USA",
      note: "Bring the nanosecond; ask for Grace.",
    });
    const response = await appFetch(`/download.png?${query}`);
    expect(response.status).toBe(200);
    const text = (await decodeSingleQr(new Uint8Array(await response.arrayBuffer()))).text;
    const card = readVcard(text);
    const find = (name: string) => card.filter((property) => property.name === name);
    expect(find("ADR")[0]!.components).toEqual([
      "",
      "",
      "1 Navy Yard, Bldg 5",
      "Arlington",
      "VA",
      "22202",
      "USA",
    ]);
    expect(find("TEL").map(({ params, components }) => [params, components])).toEqual([
      [["TYPE=CELL"], ["+15550100000"]],
      [["TYPE=WORK,VOICE"], ["+15550100001"]],
    ]);
    expect(find("NOTE")[0]!.components).toEqual(["Bring the nanosecond; ask for Grace."]);
  });

  it("refuses an unknown kind of second phone with a message, not a 500", async () => {
    const response = await appFetch(
      "/download.png?type=contact&firstName=A&phone2=123456&phone2Type=fax",
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Choose mobile or work for the second phone.");
  });
});
