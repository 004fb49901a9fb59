import { describe, expect, it } from "vitest";
import { decodeEntities, linksOf, textOf } from "../support/html";
import { decodeSingleQr } from "../support/qr-decode";
import { cookieFrom, newPerson, signUp } from "./accounts";
import { appFetch, ORIGIN } from "./app";
import { postForm } from "./forms";

// The generator's save flow (issue #29 items 1, 2 and 11), as a browser without JavaScript uses
// it: a tracked save shows the saved code's own image and downloads; a visitor's save goes through
// sign-up and comes back with "Save it now"; what a free account cannot save is said first; the
// SVG download a plan lacks is shown locked.

const URL_FIELDS = {
  type: "url",
  url: "https://example.com/lunch",
  size: "256",
  fg: "#000000",
  bg: "#ffffff",
};

const page = async (path: string, cookie?: string | null) =>
  (await appFetch(path, { headers: cookie ? { Cookie: cookie } : {} })).text();

const savedIdOf = (location: string) => Number(new URL(location, ORIGIN).searchParams.get("saved"));

describe("after saving a tracked code", () => {
  it("the generator shows the saved code's own image, its page and its downloads", async () => {
    const { cookie } = await signUp({ ...newPerson("track"), plan: "premium" });
    const saved = await postForm(
      "/?index",
      { ...URL_FIELDS, title: "Lunch menu", trackScans: "on" },
      cookie,
    );
    expect(saved.status).toBe(303);
    const location = saved.headers.get("Location")!;
    expect(location).toMatch(/[?&]saved=\d+/);
    expect(location).toContain("trackScans=on");
    const id = savedIdOf(location);

    const html = await page(location, cookie);
    const text = textOf(html);
    expect(text).toContain("Dynamic: you can change where it leads");
    const shortLink = text.match(/It encodes (\S+\/s\/\w+)/)![1]!;
    expect(shortLink).toMatch(new RegExp(`^${ORIGIN}/s/[0-9A-Za-z]{10}$`));
    const links = linksOf(html).map((link) => decodeEntities(link.href));
    expect(links).toContain(`/dashboard/codes/${id}`);
    // Downloads are of the saved code, not of the destination.
    expect(links).toContain(`/api/qr-codes/${id}/download?format=png`);
    expect(links).toContain(`/api/qr-codes/${id}/download?format=svg`);
    expect(links.some((href) => href.startsWith("/download.png"))).toBe(false);
    const png = await appFetch(`/api/qr-codes/${id}/download?format=png`, {
      headers: { Cookie: cookie },
    });
    expect(png.status).toBe(200);
    expect((await decodeSingleQr(new Uint8Array(await png.arrayBuffer()))).text).toBe(shortLink);
    // The shown image is the saved code's (an SVG drawn from it), and Track scans stays ticked.
    expect(html).toMatch(/<img[^>]*class="preview-image"[^>]*src="data:image\/svg\+xml/);
    expect(html).toMatch(/<input[^>]*name="trackScans"[^>]*checked/);
  });

  it("shows only a code of the member's own workspace", async () => {
    const owner = await signUp({ ...newPerson("owner"), plan: "premium" });
    const saved = await postForm(
      "/?index",
      { ...URL_FIELDS, title: "Private", trackScans: "on" },
      owner.cookie,
    );
    const id = savedIdOf(saved.headers.get("Location")!);
    const other = await signUp({ ...newPerson("other"), plan: "premium" });
    for (const cookie of [other.cookie, null]) {
      const response = await appFetch(`/?type=url&url=https%3A%2F%2Fexample.com&saved=${id}`, {
        headers: cookie ? { Cookie: cookie } : {},
      });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(textOf(html)).not.toContain("Dynamic: you can change where it leads");
      expect(html).not.toContain(`/dashboard/codes/${id}`);
      expect(html).not.toContain(`/api/qr-codes/${id}/`);
    }
    // A malformed id is ignored, not an error.
    expect((await appFetch("/?saved=1e9x", { headers: { Cookie: other.cookie } })).status).toBe(
      200,
    );
  });

  it("a static save shows its page and keeps the generator's own downloads", async () => {
    const { cookie } = await signUp();
    const saved = await postForm("/?index", { ...URL_FIELDS, title: "Static one" }, cookie);
    const location = saved.headers.get("Location")!;
    const id = savedIdOf(location);
    const html = await page(location, cookie);
    expect(textOf(html)).not.toContain("Dynamic: you can change where it leads");
    expect(linksOf(html).map((link) => link.href)).toContain(`/dashboard/codes/${id}`);
  });
});

describe("a visitor's save through sign-up", () => {
  it("keeps the code, its title and track choice, and offers Save it now", async () => {
    const visitor = await postForm("/?index", {
      ...URL_FIELDS,
      title: "Café menu",
      trackScans: "on",
      dots: "dots",
    });
    expect(visitor.status).toBe(303);
    const auth = new URL(visitor.headers.get("Location")!, ORIGIN);
    expect(auth.pathname).toBe("/auth");
    // A dynamic code needs Premium: the sign-up starts its trial, as the save form said.
    expect(auth.searchParams.get("plan")).toBe("premium");
    const back = auth.searchParams.get("redirect")!;
    const carried = new URL(back, ORIGIN).searchParams;
    expect(carried.get("title")).toBe("Café menu");
    expect(carried.get("trackScans")).toBe("on");
    expect(carried.get("pending")).toBe("save");
    expect(carried.get("url")).toBe("https://example.com/lunch");

    // Sign-up's form (no JavaScript) takes the redirect along.
    const person = newPerson("pending");
    const signedUp = await postForm(`/auth?mode=signup&redirect=${encodeURIComponent(back)}`, {
      intent: "signup",
      plan: "premium",
      redirect: back,
      ...person,
    });
    expect(signedUp.status).toBe(303);
    expect(signedUp.headers.get("Location")).toBe(back);
    const cookie = cookieFrom(signedUp, "qr_session")!;

    const html = await page(back, cookie);
    expect(textOf(html)).toContain("Save it now");
    expect(html).toMatch(/<input[^>]*name="title"[^>]*value="Café menu"/);
    expect(html).toMatch(/<input[^>]*name="trackScans"[^>]*checked/);

    // One press saves it, tracked.
    const saved = await postForm(
      "/?index",
      { ...URL_FIELDS, dots: "dots", title: "Café menu", trackScans: "on" },
      cookie,
    );
    expect(saved.status).toBe(303);
    const after = await page(saved.headers.get("Location")!, cookie);
    expect(textOf(after)).toContain("Dynamic: you can change where it leads");
    expect(textOf(after)).not.toContain("Save it now");
  });

  it("Save it now is not offered to a visitor, who still signs up first", async () => {
    const text = textOf(await page("/?type=url&url=https%3A%2F%2Fexample.com&pending=save"));
    expect(text).not.toContain("Save it now");
    expect(text).toContain("this code comes with you");
  });

  it("says what a free account cannot save before sign-up", async () => {
    const wifi = textOf(await page("/?type=wifi&ssid=Cafe&password=a%20long%20passphrase"));
    expect(wifi).toContain("Upgrade to Premium to save Wi-Fi codes");
    const url = textOf(await page("/?type=url&url=https%3A%2F%2Fexample.com"));
    expect(url).not.toContain("Upgrade to Premium to save");
  });
});

describe("gated downloads on the generator", () => {
  it("shows SVG locked with Premium and why, not a link to a refusal", async () => {
    const { cookie } = await signUp();
    for (const who of [null, cookie]) {
      const html = await page("/?type=url&url=https%3A%2F%2Fexample.com", who);
      expect(html).toMatch(/class="btn btn-ghost is-locked"[^>]*aria-disabled="true"/);
      expect(textOf(html)).toMatch(/SVG Premium .*See plans/);
      expect(linksOf(html).some((link) => link.href.startsWith("/download.svg"))).toBe(false);
    }
    const premium = (await signUp({ ...newPerson("svg"), plan: "premium" })).cookie;
    const html = await page("/?type=url&url=https%3A%2F%2Fexample.com", premium);
    expect(linksOf(html).some((link) => link.href.startsWith("/download.svg"))).toBe(true);
    expect(html).not.toContain("is-locked");
  });
});
