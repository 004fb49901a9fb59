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
    expect(safeRedirectPath("/invite/abc_DEF-123")).toBe("/invite/abc_DEF-123");
    expect(safeRedirectPath("/?type=url&data=%2F%2Fexample.com#generator")).toBe(
      "/?type=url&data=%2F%2Fexample.com#generator",
    );
    expect(safeRedirectPath("/dashboard/./codes/../codes/7")).toBe("/dashboard/codes/7");
    expect(safeRedirectPath("/bulk", "/dashboard")).toBe("/bulk");
  });

  // Issue #27 item 2: each is judged as a browser (or a server that decodes paths) would read
  // it. Every one of them must end on the fallback, never on another site or a sign-in page.
  const HOSTILE: unknown[] = [
    "//x",
    "/.//x",
    "/./../x/..//x",
    "/%2F%2Fx",
    "/%2f/x",
    "/%252F%252Fx",
    "/%25252F%25252F%25252Fx",
    "/\\x",
    "/%5Cx",
    "/%5cx",
    "/%09/x",
    "/\t/x",
    "/\n/x",
    "/\r//x",
    "/%0a/x",
    "/%00x",
    "https://x",
    "http:x",
    "HTTPS://x",
    "http:/x",
    "javascript:alert(1)",
    "data:text/html,x",
    "/%2e%2e//x",
    "/%2e//x",
    "/a/%2e%2e/%2e%2e//x",
    "/a/..%2f..%2f/x",
    "/%61uth",
    "/%61uth?redirect=%2F.%2F%2Fevil.example",
    "/AUTH",
    "/auth/",
    "/Signin",
    "/login",
    "/%2561uth",
    "/auth?mode=signin",
    "/signin",
    "/%E0%A4%A",
    "/%2F%2F[",
    "/s/AbCdEf1234",
    "/S/AbCdEf1234",
    "/%73/AbCdEf1234",
    "/%2F%2F%E2%80%8B",
    "/%2F%E2%80%8B%2Fx",
    "/%0d%0aSet-Cookie:%20x=1",
    "x",
    "dashboard",
    " /dashboard",
    "",
    null,
    undefined,
    42,
    ["/dashboard"],
  ];

  it.each(HOSTILE.map((target) => [JSON.stringify(target) ?? String(target), target]))(
    "refuses %s",
    (_, target) => {
      expect(safeRedirectPath(target)).toBe("/");
      expect(safeRedirectPath(target, "/dashboard")).toBe("/dashboard");
    },
  );

  it("never returns anything a browser could read as another host", () => {
    for (const target of HOSTILE) {
      const result = safeRedirectPath(target, "");
      if (result === "") continue;
      expect(new URL(result, "https://qr.example.com").origin).toBe("https://qr.example.com");
      expect(result.startsWith("//")).toBe(false);
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
