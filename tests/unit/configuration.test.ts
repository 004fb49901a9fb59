import { describe, expect, it } from "vitest";
import { resolveAppUrl } from "../../app/config/app-url";
import { configurationProblems, REQUIRED_BINDINGS } from "../../app/config/problems";
import { DEFAULT_MAIL_FROM, resolveMailSettings } from "../../app/mail/settings";
import { routeName } from "../../app/observability/route-name";

const bindings = Object.fromEntries(REQUIRED_BINDINGS.map((name) => [name, {}]));
const stripe = {
  STRIPE_SECRET_KEY: "sk_live_abc",
  STRIPE_WEBHOOK_SECRET: "whsec_abc",
  STRIPE_PUBLISHABLE_KEY: "pk_live_abc",
  STRIPE_PRICE_PREMIUM: "price_p",
  STRIPE_PRICE_ULTIMATE: "price_u",
};
const production = {
  ...bindings,
  ...stripe,
  ENVIRONMENT: "production",
  SESSION_SECRET: "s".repeat(40),
  WEBHOOK_ENCRYPTION_KEY: "w".repeat(40),
  SALES_EMAIL: "sales@example.com",
  RESEND_API_KEY: "re_live_abc",
  MAIL_FROM: "QR Code Creator <no-reply@example.com>",
  APP_URL: "https://qr.example.com",
  APP_HOSTNAME: "qr.example.com",
};

describe("the configuration check", () => {
  it("accepts a complete production configuration and a bare local one", () => {
    expect(configurationProblems(production)).toEqual([]);
    expect(configurationProblems({ ...bindings, ENVIRONMENT: "development" })).toEqual([]);
  });

  it("names every missing or malformed setting, never its value", () => {
    const problems = configurationProblems({
      ...production,
      SESSION_SECRET: "short-secret-value",
      SALES_EMAIL: "not-an-address",
      LOGOS: undefined,
      GOOGLE_CLIENT_ID: "google-id-value",
    });
    expect(problems).toEqual([
      "SALES_EMAIL must be an e-mail address",
      "SESSION_SECRET must be at least 32 characters",
      "the LOGOS binding is missing",
      "GOOGLE_CLIENT_SECRET must be set too (GOOGLE_CLIENT_ID is)",
    ]);
    expect(problems.join(" ")).not.toMatch(/short-secret-value|not-an-address|google-id-value/);
  });

  it("requires a webhook encryption key of at least 32 characters outside development", () => {
    const { WEBHOOK_ENCRYPTION_KEY: _, ...withoutKey } = production;
    expect(configurationProblems({ ...withoutKey, ENVIRONMENT: "staging" })).toContain(
      "WEBHOOK_ENCRYPTION_KEY is not set (required in staging)",
    );
    expect(configurationProblems({ ...production, WEBHOOK_ENCRYPTION_KEY: "short" })).toContain(
      "WEBHOOK_ENCRYPTION_KEY must be at least 32 characters",
    );
    expect(configurationProblems({ ...bindings, ENVIRONMENT: "development" })).toEqual([]);
  });

  it("requires a session secret and real payments outside development", () => {
    const { SESSION_SECRET: _, ...withoutSecret } = production;
    expect(configurationProblems({ ...withoutSecret, ENVIRONMENT: "staging" })).toContain(
      "SESSION_SECRET is not set (required in staging)",
    );
    const noStripe = Object.fromEntries(
      Object.entries(production).filter(([key]) => !key.startsWith("STRIPE_")),
    );
    expect(configurationProblems(noStripe).join(" ")).toMatch(
      /simulated provider never runs in production/,
    );
    expect(configurationProblems({ ...production, ENVIRONMENT: "prod" })).toContain(
      "ENVIRONMENT must be development, staging or production",
    );
  });
});

describe("where the service is (APP_URL, issue #27)", () => {
  it("refuses staging and production without APP_URL and APP_HOSTNAME", () => {
    const { APP_URL: _url, APP_HOSTNAME: _host, ...without } = production;
    expect(configurationProblems(without)).toEqual([
      "APP_HOSTNAME is not set (required in production)",
      "APP_URL is not set (required in production): the address every e-mailed link starts with",
    ]);
    expect(configurationProblems({ ...without, ENVIRONMENT: "staging" })).toContain(
      "APP_HOSTNAME is not set (required in staging)",
    );
  });

  it("takes only an https origin with no path in production", () => {
    for (const APP_URL of [
      "http://qr.example.com",
      "https://qr.example.com/app",
      "qr.example.com",
    ]) {
      expect(configurationProblems({ ...production, APP_URL }).join(" ")).toMatch(/^APP_URL must/);
    }
    expect(resolveAppUrl(production, "production")).toBe("https://qr.example.com");
  });

  it("defaults to the local server in development", () => {
    expect(resolveAppUrl({}, "development")).toBe("http://localhost:8787");
    expect(resolveAppUrl({ APP_URL: "http://localhost:8802/" }, "development")).toBe(
      "http://localhost:8802",
    );
  });
});

describe("the mailer's configuration", () => {
  it("sends real mail outside development, and names what is missing or wrong", () => {
    const { RESEND_API_KEY: _, ...noKey } = production;
    expect(configurationProblems({ ...noKey, ENVIRONMENT: "staging" }).join(" ")).toMatch(
      /Mail is not configured: set RESEND_API_KEY and MAIL_FROM. The local outbox never runs in staging/,
    );
    const problems = configurationProblems({
      ...production,
      RESEND_API_KEY: "sk_wrong_kind_of_key",
      MAIL_FROM: "no address here",
    });
    expect(problems.join(" ")).toMatch(/RESEND_API_KEY must start with re_/);
    expect(problems.join(" ")).toMatch(/MAIL_FROM must be an address, or "Name <address>"/);
    expect(problems.join(" ")).not.toMatch(/sk_wrong_kind_of_key/);
  });

  it("uses the outbox in local runs, and Resend once a key is set", () => {
    expect(resolveMailSettings({}, "development")).toEqual({
      provider: "outbox",
      from: DEFAULT_MAIL_FROM,
    });
    expect(
      resolveMailSettings({ RESEND_API_KEY: "re_123", MAIL_FROM: "ops@example.com" }, "production"),
    ).toMatchObject({ provider: "resend", from: "ops@example.com" });
  });
});

describe("route names in the request log", () => {
  it("hide ids, slugs and query strings", () => {
    expect(routeName("/api/qr-codes/123/download")).toBe("/api/qr-codes/:id/download");
    expect(routeName("/api/qr-codes/GMCs_BKdMRA1_58Rhe9ixQ/download")).toBe(
      "/api/qr-codes/:id/download",
    );
    expect(routeName("/invite/Zm9yZ2VkLXRva2Vu")).toBe("/invite/:token");
    expect(routeName("/s/Ab3dE9xq")).toBe("/s/:slug");
    expect(routeName("/dashboard")).toBe("/dashboard");
  });
});
