import { describe, expect, it } from "vitest";
import { firstText, linksOf, textOf } from "../support/html";
import { appFetch } from "./app";

const pages = [
  { path: "/", heading: "Create QR codes that always scan" },
  { path: "/privacy", heading: "Privacy Policy" },
  { path: "/terms", heading: "Terms of Service" },
  { path: "/help", heading: "Help Center" },
  { path: "/faq", heading: "Frequently Asked Questions" },
];

function attribute(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

function hasLink(html: string, text: string, href?: string): boolean {
  return linksOf(html).some(
    (link) => link.text === text && (href === undefined || link.href === href),
  );
}

describe("pages every visitor can open", () => {
  it.each(pages)("$path answers 200 with its heading, a title and a description", async (page) => {
    const response = await appFetch(page.path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(firstText(html, "h1")).toBe(page.heading);
    expect(attribute(html, /<title>([^<]+)<\/title>/)).toMatch(/QR Code Creator/);
    expect(attribute(html, /<meta name="description" content="([^"]+)"/)?.length).toBeGreaterThan(
      30,
    );
  });

  it("shows the shared header and footer on every page", async () => {
    const html = await (await appFetch("/help")).text();
    for (const [label, href] of [
      ["QR Code Creator", "/"],
      ["QR Generator", "/"],
      ["Pricing", "/pricing"],
      ["Sign in", "/auth?mode=signin"],
      ["Sign up free", "/auth?mode=signup"],
    ]) {
      expect(hasLink(html, label!, href), label).toBe(true);
    }
    for (const [label, href] of [
      ["Help Center", "/help"],
      ["FAQ", "/faq"],
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
      ["Contact Us", "mailto:sales@qrcodecreator.app"],
    ]) {
      expect(hasLink(html, label!, href), label).toBe(true);
    }
    expect(textOf(html)).toContain("© 2024 QR Code Creator");
    // The Dashboard link is only for signed-in users.
    expect(hasLink(html, "Dashboard")).toBe(false);
  });

  it("dates the legal pages January 23, 2025 and names the sales address", async () => {
    for (const path of ["/privacy", "/terms"]) {
      const text = textOf(await (await appFetch(path)).text());
      expect(text).toContain("Last updated January 23, 2025");
      expect(text).toContain("sales@qrcodecreator.app");
      expect(text).not.toContain("{salesEmail}");
    }
  });

  it("lists four help topics and five questions on /help", async () => {
    const html = await (await appFetch("/help")).text();
    expect(html.match(/class="card topic-card"/g)).toHaveLength(4);
    expect(html.match(/<details>/g)).toHaveLength(5);
  });

  it("lists 21 FAQ questions and filters them by category without JavaScript", async () => {
    const all = await (await appFetch("/faq")).text();
    expect(all.match(/<details id=/g)).toHaveLength(21);
    let filtered = 0;
    for (const category of ["basics", "design", "download"]) {
      const html = await (await appFetch(`/faq?category=${category}`)).text();
      const count = html.match(/<details id=/g)?.length ?? 0;
      expect(count).toBeGreaterThan(0);
      const current = linksOf(html).filter((link) =>
        link.attributes.includes('aria-current="page"'),
      );
      expect(current.map((link) => link.href)).toEqual([`/faq?category=${category}`]);
      filtered += count;
    }
    expect(filtered).toBe(21);
    // An unknown category shows everything rather than an empty page.
    expect(
      (await (await appFetch("/faq?category=nope")).text()).match(/<details id=/g),
    ).toHaveLength(21);
  });
});

describe("unknown paths", () => {
  it.each(["/does-not-exist", "/faq/extra", "/%E2%9C%93"])(
    "%s answers 404 with the not-found card",
    async (path) => {
      const response = await appFetch(path);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(firstText(html, "h1")).toBe("404 Page Not Found");
      expect(hasLink(html, "Back to the QR Generator", "/")).toBe(true);
    },
  );
});
