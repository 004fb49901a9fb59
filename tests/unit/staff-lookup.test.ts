import { describe, expect, it } from "vitest";
import { likePrefix, lookupTerms } from "../../app/staff/lookup";
import { suspendSchema } from "../../app/staff/suspension-schema";
import { actsInWorkspace } from "../../app/workspaces/suspension";

// What the staff lookup reads in what was typed, and which posts a suspension refuses (issue #31).

describe("the staff lookup's terms", () => {
  it("reads an address, whole or its start, in any case", () => {
    expect(lookupTerms("  Ada@Example.COM ")).toMatchObject({ emailPrefix: "ada@example.com" });
    expect(lookupTerms("ad")?.emailPrefix).toBeNull();
    expect(lookupTerms("ada")?.emailPrefix).toBe("ada");
  });

  it("reads a hostname, a slug as typed, and takes any single word as a workspace id", () => {
    expect(lookupTerms("GO.Bakery.test")).toMatchObject({
      hostname: "go.bakery.test",
      slug: null,
      workspaceId: "GO.Bakery.test",
    });
    expect(lookupTerms("aB3dE6fG")).toMatchObject({ slug: "aB3dE6fG", hostname: null });
    expect(lookupTerms("ws_123")?.workspaceId).toBe("ws_123");
  });

  it("reads a scanned URL as its hostname and slug, on our host or a customer's", () => {
    expect(lookupTerms("https://qr.example.com/s/aB3dE6fG")).toEqual({
      emailPrefix: null,
      hostname: "qr.example.com",
      slug: "aB3dE6fG",
      workspaceId: null,
    });
    expect(lookupTerms("https://go.bakery.test/aB3dE6fG")).toMatchObject({
      hostname: "go.bakery.test",
      slug: "aB3dE6fG",
    });
  });

  it("refuses nothing typed and several words", () => {
    expect(lookupTerms("   ")).toBeNull();
    expect(lookupTerms("ada lovelace")).toBeNull();
  });

  it("takes LIKE's wildcards literally", () => {
    expect(likePrefix("a_b%c\\")).toBe("a\\_b\\%c\\\\%");
  });
});

describe("a suspension", () => {
  it("refuses posts that act in the workspace, not the person's own pages", () => {
    for (const path of [
      "/",
      "/dashboard",
      "/dashboard/codes/7",
      "/bulk",
      "/api/qr-codes/generate",
    ]) {
      expect(actsInWorkspace(path), path).toBe(true);
    }
    for (const path of [
      "/account",
      "/support",
      "/workspace/switch",
      "/api/auth/logout",
      "/bulky",
    ]) {
      expect(actsInWorkspace(path), path).toBe(false);
    }
  });

  it("needs a reason on one line", () => {
    expect(suspendSchema.safeParse({ reason: " " }).success).toBe(false);
    expect(suspendSchema.safeParse({ reason: "a\nb" }).success).toBe(false);
    expect(suspendSchema.safeParse({ reason: "x".repeat(501) }).success).toBe(false);
    expect(suspendSchema.safeParse({ reason: "Phishing" }).success).toBe(true);
  });
});
