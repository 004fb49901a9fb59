import { describe, expect, it } from "vitest";
import { providerFromSettings } from "../../app/auth/provider-settings";

describe("federated sign-in settings", () => {
  it("configure Google with its public issuer unless told otherwise", () => {
    expect(
      providerFromSettings("google", { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }),
    ).toMatchObject({
      issuer: "https://accounts.google.com",
      callbackPath: "/api/auth/google/callback",
    });
  });

  it("leave a provider unconfigured when any setting is missing, empty or malformed", () => {
    expect(providerFromSettings("google", { GOOGLE_CLIENT_ID: "id" })).toBeNull();
    expect(
      providerFromSettings("google", { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "" }),
    ).toBeNull();
    expect(
      providerFromSettings("oidc", { OIDC_CLIENT_ID: "id", OIDC_CLIENT_SECRET: "s" }),
    ).toBeNull();
    expect(
      providerFromSettings("oidc", {
        OIDC_ISSUER: "not a url",
        OIDC_CLIENT_ID: "id",
        OIDC_CLIENT_SECRET: "s",
      }),
    ).toBeNull();
  });

  it("configure the OpenID Connect provider with its label", () => {
    expect(
      providerFromSettings("oidc", {
        OIDC_ISSUER: "https://id.example.com",
        OIDC_CLIENT_ID: "id",
        OIDC_CLIENT_SECRET: "s",
        OIDC_LABEL: "Continue with Example",
      }),
    ).toMatchObject({ label: "Continue with Example", callbackPath: "/api/callback" });
  });
});
