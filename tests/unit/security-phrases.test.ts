// Issue #32: what two-factor sign-in and passkeys say when they refuse keeps its English for the
// JSON answers, and its phrase says the same thing in the catalogues (a page says it in its
// language).
import { describe, expect, it } from "vitest";
import { signInMethods } from "../../app/accounts/sign-in-methods";
import { phrase } from "../../app/i18n/phrase";
import * as refusals from "../../app/security/refusals";
import { english, inLanguage } from "./phrases";

const fixed = Object.entries(refusals).filter(
  (entry): entry is [string, { message: string; phrase?: { id: string } }] =>
    typeof entry[1] === "object",
);

describe("the refusals of two-factor sign-in and passkeys", () => {
  it.each(fixed)("%s has its English message as its catalogue text", (_name, said) => {
    expect(english(said.phrase)).toBe(said.message);
  });

  it("counts the second step's attempts left in English, German and Arabic", () => {
    for (const left of [1, 2, 3, 4]) {
      const wrong = refusals.secondStepWrongCode(left);
      expect(english(wrong.phrase)).toBe(wrong.message);
    }
    expect(refusals.secondStepWrongCode(1).message).toMatch(/ 1 attempt left\.$/);
    expect(refusals.secondStepWrongCode(4).message).toMatch(/ 4 attempts left\.$/);
    expect(inLanguage("de", refusals.secondStepWrongCode(1).phrase)).toMatch(
      /Noch 1 Versuch übrig\.$/,
    );
    expect(inLanguage("de", refusals.secondStepWrongCode(3).phrase)).toMatch(
      /Noch 3 Versuche übrig\.$/,
    );
    expect(inLanguage("ar", refusals.secondStepWrongCode(2).phrase)).toContain("تبقّت محاولتان");
    expect(inLanguage("ar", refusals.secondStepWrongCode(4).phrase)).toContain("تبقّت 4 محاولات");
  });

  it("says the passkey limit with its number", () => {
    const limit = refusals.passkeyLimit(20);
    expect(english(limit.phrase)).toBe(limit.message);
    expect(limit.message).toContain("at most 20 passkeys");
    expect(inLanguage("de", limit.phrase)).toContain("höchstens 20 Passkeys");
    expect(inLanguage("ja", limit.phrase)).toContain("20 個");
  });

  it("keeps the toasts with a passkey's or workspace's name as they were in English", () => {
    const name = { name: "Work laptop" };
    expect(english(phrase("account.passkeys.toast.added.text", name))).toBe(
      "You can now sign in with “Work laptop”.",
    );
    expect(english(phrase("account.passkeys.toast.removed.text", name))).toBe(
      "“Work laptop” can no longer sign in to your account.",
    );
    expect(english(phrase("account.twoFactor.required.text", { workspace: "Acme" }))).toBe(
      "The workspace Acme requires two-factor sign-in. Set it up below to enter it, or switch to another workspace.",
    );
    // The Team tab's policy toasts (app/security/workspace-policy.server.ts) kept their English.
    expect(english(phrase("account.policy.needsUltimate"))).toBe(
      "Requiring two-factor sign-in comes with the Ultimate plan.",
    );
    expect(english(phrase("account.policy.needsYourSecondFactor"))).toBe(
      "Turn on two-factor sign-in for your own account first (Account settings), so that the policy does not lock you out.",
    );
    expect(english(phrase("account.policy.required.text"))).toBe(
      "Members without it are asked to set it up before they can enter this workspace.",
    );
    expect(english(phrase("account.policy.notRequired.text"))).toBe(
      "Members can enter this workspace with their password alone again.",
    );
    expect(inLanguage("de", phrase("account.passkeys.toast.removed.text", name))).toBe(
      "„Work laptop“ kann sich nicht mehr bei deinem Konto anmelden.",
    );
  });
});

describe("/account's sign-in methods", () => {
  it("say each row's name and state as in English, and the number of passkeys in German", () => {
    const connectedAt = new Date("2026-01-02T03:04:05Z");
    for (const [passkeys, twoFactorSince, hasPassword] of [
      [0, null, true],
      [1, "2026-01-02T03:04:05.000Z", false],
      [2, null, false],
    ] as const) {
      const rows = signInMethods({
        hasPassword,
        identities: [{ provider: "google", connectedAt }],
        providerLabel: () => "Google",
        twoFactorSince,
        passkeys,
      });
      for (const row of rows) {
        if (row.labelPhrase) expect(english(row.labelPhrase)).toBe(row.label);
        expect(english(row.statusPhrase)).toBe(row.status);
      }
      const count = rows.find((row) => row.id === "passkeys")!.statusPhrase;
      expect(inLanguage("de", count)).toBe(["Keine", "1 Passkey", "2 Passkeys"][passkeys]);
    }
  });
});
