import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { demoSession, signUp } from "./accounts";
import { CATALOGUES_DIGEST } from "../../app/i18n/catalog.server";
import { appFetch, generate, ORIGIN } from "./app";

// Who may keep what (issue #8, caching): personal pages no cache, the legal and help pages at
// the edge for visitors without cookies, saved code images revalidated by ETag.

describe("HTML", () => {
  it("is never kept when it is personal", async () => {
    const { cookie } = await signUp();
    const signedIn = await appFetch("/", { headers: { Cookie: cookie } });
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    const visitor = await appFetch("/privacy", {
      headers: { Cookie: `qr_visitor=${crypto.randomUUID()}` },
    });
    expect(visitor.headers.get("Cache-Control")).toBe("private, no-store");
    expect(visitor.headers.get("X-Edge-Cache")).toBeNull();
  });

  /** Asks until the copy kept after the first answer is served (it is stored after sending). */
  async function fromTheEdge(path: string) {
    let response = await appFetch(path);
    for (let i = 0; i < 20 && response.headers.get("X-Edge-Cache") !== "hit"; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      response = await appFetch(path);
    }
    return response;
  }

  it.each(["/terms", "/"])(
    "of %s is served from the edge cache to visitors without cookies",
    async (path) => {
      const first = await appFetch(path);
      expect(first.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=3600");
      expect(first.headers.get("X-Edge-Cache")).toBe("miss");
      const body = await first.text();
      const second = await fromTheEdge(path);
      expect(second.headers.get("X-Edge-Cache")).toBe("hit");
      expect(await second.text()).toBe(body);
      expect(second.headers.get("X-Request-Id")).not.toBe(first.headers.get("X-Request-Id"));
      expect(second.headers.get("Content-Security-Policy")).toBe(
        first.headers.get("Content-Security-Policy"),
      );
    },
  );

  it("kept at the edge belongs to the build that rendered it", async () => {
    // A new deployment no longer serves the old build's fingerprinted scripts and styles, so a
    // copy is only found again under the version of the build whose assets its HTML names.
    const page = await fromTheEdge("/faq");
    const version = /\/assets\/manifest-([0-9a-f]+)\.js/.exec(await page.text())?.[1];
    expect(version).toBeDefined();
    const cache = (caches as unknown as { default: Cache }).default;
    // …and to its words (a digest of the catalogues): a deployment that changes only text starts
    // afresh too, so the build alone finds nothing.
    expect(CATALOGUES_DIGEST).toMatch(/^[0-9a-f]{16}$/);
    expect(
      await cache.match(`${ORIGIN}/faq?build=${version}&text=${CATALOGUES_DIGEST}&accepts=`),
    ).toBeDefined();
    expect(await cache.match(`${ORIGIN}/faq?build=${version}&accepts=`)).toBeUndefined();
    expect(await cache.match(`${ORIGIN}/faq?build=${version}`)).toBeUndefined();
    expect(await cache.match(`${ORIGIN}/faq`)).toBeUndefined();
  });

  it("of the home page is the visitor's own once they are signed in, or when it is prefilled", async () => {
    expect((await fromTheEdge("/")).headers.get("X-Edge-Cache")).toBe("hit");
    const { cookie, person } = await signUp();
    const signedIn = await appFetch("/", { headers: { Cookie: cookie } });
    expect(signedIn.headers.get("X-Edge-Cache")).toBeNull();
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await signedIn.text()).toContain(person.email);

    const prefilled = await appFetch("/?type=text&text=Hello");
    expect(prefilled.headers.get("Cache-Control")).toBe("no-cache");
    expect(prefilled.headers.get("X-Edge-Cache")).toBeNull();
    expect(await prefilled.text()).toContain("Hello");
  });

  it("of other pages for visitors is only stored to be checked again", async () => {
    const signIn = await appFetch("/auth");
    expect(signIn.headers.get("Cache-Control")).toBe("no-cache");
    expect(signIn.headers.get("X-Edge-Cache")).toBeNull();
  });
});

describe("saved code images", () => {
  async function publicCode() {
    const cookie = await demoSession("premium");
    const saved = await generate(
      {
        type: "url",
        data: { url: `https://example.com/etag-${crypto.randomUUID()}` },
        customization: { size: 256, fgColor: "#000000", bgColor: "#ffffff" },
        title: "Cached",
        save: "true",
      },
      { cookie, headers: { Origin: ORIGIN } },
    );
    const { id } = await saved.json<{ id: number }>();
    const shared = await appFetch("/dashboard", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: cookie },
      body: new URLSearchParams({ id: String(id), intent: "visibility", public: "true" }),
    });
    expect(shared.status).toBe(303);
    // Shared codes answer strangers at their unguessable share id (issue #27).
    const shareId = await env.DB.prepare("SELECT share_id FROM qr_codes WHERE id = ?")
      .bind(id)
      .first<string>("share_id");
    return { id, cookie, link: `/api/qr-codes/${shareId}/download` };
  }

  async function downloads(id: number, cookie: string) {
    const response = await appFetch("/api/analytics", { headers: { Cookie: cookie } });
    const body = await response.json<{ recentQRCodes: { id: number; downloadCount: number }[] }>();
    return body.recentQRCodes.find((code) => code.id === id)!.downloadCount;
  }

  it("carry an ETag; a revalidation answers 304 and is not counted as a download", async () => {
    const { id, cookie, link } = await publicCode();
    const first = await appFetch(`${link}?format=png`);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("public, no-cache");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[0-9a-f]{24}"$/);
    expect(await downloads(id, cookie)).toBe(1);

    const again = await appFetch(`${link}?format=png`, {
      headers: { "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
    expect(await downloads(id, cookie)).toBe(1);

    const svg = await appFetch(`/api/qr-codes/${id}/download?format=svg`, {
      headers: { Cookie: cookie, "If-None-Match": etag },
    });
    expect(svg.status).toBe(200);
    expect(svg.headers.get("ETag")).not.toBe(etag);
  });

  it("of a private code are kept only by the owner's browser, and never shown to others", async () => {
    const { id, cookie, link } = await publicCode();
    await appFetch("/dashboard", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: cookie },
      body: new URLSearchParams({ id: String(id), intent: "visibility", public: "false" }),
    });
    const owner = await appFetch(`/api/qr-codes/${id}/download?format=png`, {
      headers: { Cookie: cookie },
    });
    expect(owner.headers.get("Cache-Control")).toBe("private, no-cache");
    const stranger = await appFetch(`${link}?format=png`, {
      headers: { "If-None-Match": owner.headers.get("ETag")! },
    });
    expect(stranger.status).toBe(404);
  });
});
