import { describe, expect, it } from "vitest";
import { demoModeAllowed } from "../../app/auth/demo-mode";
import { safeRedirectPath } from "../../app/auth/redirect";
import { signInSchema, signUpSchema } from "../../app/auth/schemas";

describe("demo mode", () => {
  it("is on only when switched on, and never in production", () => {
    expect(demoModeAllowed({ DEMO_MODE: "true", ENVIRONMENT: "development" })).toBe(true);
    expect(demoModeAllowed({ DEMO_MODE: "true", ENVIRONMENT: "staging" })).toBe(true);
    expect(demoModeAllowed({ DEMO_MODE: "true", ENVIRONMENT: "production" })).toBe(false);
    expect(demoModeAllowed({ DEMO_MODE: "false", ENVIRONMENT: "development" })).toBe(false);
  });
});

describe("where to go after signing in", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeRedirectPath("/dashboard?tab=plans#billing")).toBe("/dashboard?tab=plans#billing");
    expect(safeRedirectPath("/auth-test")).toBe("/auth-test");
  });

  it("refuses other sites, tricks and the sign-in pages themselves", () => {
    for (const target of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "dashboard",
      "/auth?mode=signin",
      "/signin",
      "",
      null,
      42,
    ]) {
      expect(safeRedirectPath(target)).toBe("/");
    }
  });
});

describe("sign-up and sign-in rules (spec section 5)", () => {
  it("gives the spec's message for each field", () => {
    const result = signUpSchema.safeParse({
      firstName: "",
      lastName: " ",
      email: "x",
      password: "1234567",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
    });
    expect(
      signInSchema.safeParse({ email: "a@example.com", password: "" }).error!.issues[0]!.message,
    ).toBe("Password is required");
  });

  it("accepts the shortest valid inputs and trims names and addresses", () => {
    const result = signUpSchema.parse({
      firstName: " A ",
      lastName: "B",
      email: " Mixed@Example.COM ",
      password: "12345678",
    });
    expect(result).toMatchObject({ firstName: "A", email: "Mixed@Example.COM" });
  });
});
