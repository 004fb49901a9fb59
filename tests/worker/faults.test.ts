import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import pngLogo from "../fixtures/logo.png?inline";
import { textOf } from "../support/html";
import { cookieFrom, demoSession, newPerson, postJson, signUp } from "./accounts";
import { appFetch, generate, ORIGIN } from "./app";

// Failures injected into the bindings, as Cloudflare reports them: the app answers with a clear
// message and a status that says "try again", and writes nothing half-way.

afterEach(() => vi.restoreAllMocks());

const quiet = () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
};

function d1Down() {
  const outage = () => {
    throw new Error("D1_ERROR: Network connection lost.");
  };
  vi.spyOn(env.DB, "prepare").mockImplementation(outage);
  vi.spyOn(env.DB, "batch").mockImplementation(outage);
}

const logoFile = () =>
  new File([Uint8Array.from(atob(pngLogo.split(",")[1]!), (c) => c.charCodeAt(0))], "logo.png", {
    type: "image/png",
  });

describe("D1 unavailable", () => {
  it("pages answer a friendly 503 with retry advice", async () => {
    quiet();
    d1Down();
    const response = await appFetch("/", {
      headers: { Cookie: `qr_visitor=${crypto.randomUUID()}` },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("30");
    const text = textOf(await response.text());
    expect(text).toContain("Temporarily unavailable");
    expect(text).toContain("please try again in a minute");
    expect(text).not.toMatch(/D1_ERROR|Network connection lost/);
  });

  it("calls answer the spec's 'Server temporarily unavailable', and nothing is half-written", async () => {
    const person = newPerson("outage");
    quiet();
    d1Down();
    const response = await postJson("/api/auth/signup", person);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      message: "Server temporarily unavailable. Please try again in a minute.",
      code: "SERVER_ERROR",
    });
    vi.restoreAllMocks();
    const row = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?")
      .bind(person.email)
      .first<{ n: number }>();
    expect(row!.n).toBe(0);
    // Once D1 is back the same sign-up works.
    expect((await postJson("/api/auth/signup", person)).status).toBe(201);
  });
});

describe("KV unavailable", () => {
  it("treats the visitor as signed out instead of failing", async () => {
    const { cookie } = await signUp();
    quiet();
    vi.spyOn(env.SESSIONS, "get").mockRejectedValue(new Error("KV GET failed: 503"));
    const user = await appFetch("/api/auth/user", { headers: { Cookie: cookie } });
    expect(user.status).toBe(401);
    const home = await appFetch("/", { headers: { Cookie: cookie } });
    expect(home.status).toBe(200);
    expect(textOf(await home.text())).toContain("Sign up free");
  });
});

describe("R2 unavailable during a logo upload", () => {
  it("the generator page says the upload failed and keeps the code's settings", async () => {
    const cookie = await demoSession("premium");
    quiet();
    vi.spyOn(env.LOGOS, "put").mockRejectedValue(new Error("R2 internal error"));
    const form = new FormData();
    form.set("type", "url");
    form.set("url", "https://example.com/kept");
    form.set("fg", "1d4ed8");
    form.set("intent", "logo");
    form.set("logo", logoFile());
    const response = await appFetch("/?index", {
      method: "POST",
      body: form,
      headers: { Origin: ORIGIN, Cookie: cookie },
    });
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toContain("url=https%3A%2F%2Fexample.com%2Fkept");
    expect(location).toContain("fg=1d4ed8");
    expect(location).not.toContain("logo=");
    const page = await appFetch(location, {
      headers: { Cookie: `${cookie}; ${cookieFrom(response, "qr_flash")}` },
    });
    expect(textOf(await page.text())).toContain(
      "Upload failed We could not store your logo just now. Please try again in a minute.",
    );
  });

  it("saving a code with a logo says so and saves nothing half-way", async () => {
    const cookie = await demoSession("ultimate");
    const before = await env.DB.prepare("SELECT count(*) AS n FROM qr_codes").first<{
      n: number;
    }>();
    quiet();
    vi.spyOn(env.LOGOS, "put").mockRejectedValue(new Error("R2 internal error"));
    const response = await generate(
      {
        type: "url",
        data: { url: "https://example.com/logo-save" },
        customization: { size: 256, fgColor: "#000000", bgColor: "#ffffff" },
        title: "With logo",
        save: "true",
        logo: logoFile(),
      },
      { cookie, headers: { Origin: ORIGIN } },
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      message: "We could not store your logo just now. Please try again in a minute.",
    });
    const after = await env.DB.prepare("SELECT count(*) AS n FROM qr_codes").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });
});
