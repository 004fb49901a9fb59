// Issue #32 on the Team, Domains, Integrations and Brand tabs: the shared modules' messages with
// values carry phrases whose English is exactly their English message (the API's), and which
// read in another language.
import { describe, expect, it } from "vitest";
import { checkBrandFields, checkFavicon, uploadRefusal } from "../../app/brand/brand";
import { checkHostname, MAX_HOSTNAME_LENGTH } from "../../app/domains/hostname";
import { checkLogo, LOGO_MAX_BYTES } from "../../app/qr/logo";
import { checkWebhookUrl } from "../../app/webhooks/url";
import {
  AUDIT_ACTIONS,
  type AuditDetails,
  auditSentence,
  type AuditSentenceInput,
} from "../../app/workspaces/audit-text";
import { english, inLanguage } from "./phrases";

const by = { actorFirstName: "Ada", actorLastName: "Lovelace", actorEmail: "ada@example.com" };
const entry = (action: string, details: AuditDetails | null = null): AuditSentenceInput => ({
  ...by,
  action,
  details,
});

// Every action, with the details its sentence uses, and the variants a sentence has.
const ENTRIES: [string, AuditDetails | null][] = [
  ["workspace.created", { name: "Acme" }],
  ["workspace.renamed", { from: "Acme", to: "Acme Labs" }],
  ["invitation.created", { email: "grace@example.com", role: "editor" }],
  ["invitation.revoked", { email: "grace@example.com" }],
  ["member.joined", { role: "viewer" }],
  ["member.role_changed", { name: "Grace Hopper", from: "editor", to: "admin" }],
  ["member.removed", { name: "Grace Hopper", role: "viewer" }],
  ["member.left", null],
  ["ownership.transferred", { name: "Grace Hopper" }],
  ["code.created", { title: "Menu" }],
  ["code.deleted", { title: "Menu" }],
  ["code.made_public", { title: "Menu" }],
  ["code.made_private", { title: "Menu" }],
  ["plan.changed", { change: "trial", from: "free", to: "premium" }],
  ["plan.changed", { change: "upgrade", from: "premium", to: "ultimate" }],
  ["plan.changed", { change: "cancel", from: "premium", to: "free" }],
  [
    "plan.changed",
    { change: "cancel", from: "premium", to: "free", effective: "2027-01-05T00:00:00.000Z" },
  ],
  ["plan.changed", { change: "downgrade", from: "ultimate", to: "premium" }],
  [
    "plan.changed",
    { change: "downgrade", from: "ultimate", to: "premium", effective: "2027-02-01T00:00:00Z" },
  ],
  ["api_key.created", { name: "Print pipeline" }],
  ["api_key.created", { name: "Print pipeline", scopes: ["codes:read", "codes:write"] }],
  ["api_key.revoked", { name: "Print pipeline" }],
  ["api_key.revoked", { name: "Sync", email: "grace@example.com", reason: "membership" }],
  ["bulk.saved", { name: "menu.csv", count: 1250 }],
  ["bulk.saved", { name: "menu.csv", count: 1 }],
  ["domain.added", { name: "qr.example.com" }],
  ["domain.removed", { name: "qr.example.com" }],
  ["domain.removed", { name: "qr.example.com", reason: "unverified" }],
  ["brand.updated", { name: "Acme" }],
  ["brand.removed", { name: "Acme" }],
  ["destination.changed", { title: "Menu", from: "https://a.example", to: "https://b.example" }],
  [
    "destination.scheduled",
    { title: "Menu", to: "https://b.example", effective: "2027-03-01T09:30:00Z" },
  ],
  ["destination.scheduled", { title: "Menu", to: "https://b.example" }],
  ["destination.schedule_cancelled", { title: "Menu", to: "https://b.example" }],
  ["destination.schedule_cancelled", { title: "Menu", to: "https://b.example", reason: "plan" }],
  ["destination.schedule_cancelled", { title: "Menu", to: "https://b.example", reason: "unsafe" }],
  ["webhook.added", { name: "https://hooks.example.com/1" }],
  ["webhook.removed", { name: "https://hooks.example.com/1" }],
  ["style.created", { name: "Autumn" }],
  ["style.updated", { name: "Autumn", from: "Autumn", to: "Autumn" }],
  ["style.updated", { name: "Fall", from: "Autumn", to: "Fall" }],
  ["style.deleted", { name: "Autumn" }],
  ["session.ended", { name: "Chrome on macOS" }],
  ["session.ended", null],
  ["sessions.ended_others", { count: 1 }],
  ["sessions.ended_others", { count: 3 }],
  ["workspace.session_limit_changed", { from: "No limit", to: "8 hours" }],
  ["workspace.session_limit_changed", { from: "1 hour", to: "7 days" }],
  ["two_factor.enabled", null],
  ["two_factor.disabled", null],
  ["policy.two_factor_required", null],
  ["policy.two_factor_not_required", null],
];

describe("the audit log's sentences", () => {
  it("covers every action", () => {
    expect(new Set(ENTRIES.map(([action]) => action))).toEqual(new Set(AUDIT_ACTIONS));
  });

  it.each(ENTRIES)("%s %j: the phrase's English is the sentence", (action, details) => {
    const said = auditSentence(entry(action, details));
    expect(said.phrase).toBeDefined();
    expect(english(said.phrase)).toBe(said.message);
  });

  const german = { code: "de", someone: "Jemand" };
  it("reads in German, with German roles, dates, durations and quotes", () => {
    const de = (action: string, details: AuditDetails | null) =>
      inLanguage("de", auditSentence(entry(action, details), german).phrase);
    expect(de("invitation.created", { email: "grace@example.com", role: "editor" })).toBe(
      "Ada Lovelace hat grace@example.com als Bearbeiter eingeladen",
    );
    expect(de("code.made_public", { title: "Menü" })).toBe(
      "Ada Lovelace hat den Code „Menü“ öffentlich gemacht",
    );
    expect(
      de("plan.changed", {
        change: "cancel",
        from: "premium",
        to: "free",
        effective: "2027-01-05T00:00:00.000Z",
      }),
    ).toBe("Ada Lovelace hat das Premium-Abo gekündigt; es endet am 05.01.2027");
    expect(de("workspace.session_limit_changed", { from: "No limit", to: "8 hours" })).toBe(
      "Ada Lovelace hat die maximale Sitzungsdauer von ohne Limit auf 8 Stunden geändert",
    );
    expect(de("bulk.saved", { name: "menu.csv", count: 1250 })).toBe(
      "Ada Lovelace hat 1.250 Codes aus „menu.csv“ per Massenerstellung gespeichert",
    );
  });

  it("calls someone gone by the tab's word, and has plural arms in Arabic", () => {
    const gone = { ...entry("member.left"), actorFirstName: null, actorLastName: null };
    const nobody = { ...gone, actorEmail: null };
    expect(auditSentence(nobody).message).toBe("Someone left the workspace");
    expect(inLanguage("de", auditSentence(nobody, german).phrase)).toBe(
      "Jemand hat den Arbeitsbereich verlassen",
    );
    expect(inLanguage("de", auditSentence(gone, german).phrase)).toBe(
      "ada@example.com hat den Arbeitsbereich verlassen",
    );
    const two = auditSentence(entry("sessions.ended_others", { count: 2 }), {
      code: "ar",
      someone: "",
    });
    expect(inLanguage("ar", two.phrase)).toContain("جلستان");
  });

  it("keeps the English, without a phrase, when an entry lacks what its sentence needs", () => {
    const said = auditSentence(entry("code.created", {}));
    expect(said).toEqual({ message: "Ada Lovelace created the code a code" });
  });
});

describe("hostname refusals", () => {
  const ours = ["qrcreator.example"];
  it.each([
    "",
    "https://qr.example.com/menu",
    "*.example.com",
    "192.168.0.1",
    "xn--",
    `${"a".repeat(MAX_HOSTNAME_LENGTH)}.com`,
    "localhost",
    `${"a".repeat(64)}.example.com`,
    "under_score.example.com",
    "links.qrcreator.example",
  ])("%s: the phrase's English is the message", (typed) => {
    const checked = checkHostname(typed, ours);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(english(checked.phrase)).toBe(checked.message);
  });

  it("names the hostname in German", () => {
    const checked = checkHostname("links.qrcreator.example", ["qrcreator.example"]);
    expect(!checked.ok && inLanguage("de", checked.phrase)).toBe(
      "qrcreator.example und seine Subdomains gehören zu diesem Dienst. Verwende deine eigene Domain.",
    );
  });
});

describe("webhook address refusals", () => {
  const PRODUCTION = { environment: "production", appHostname: "qr.example.com" };
  const DEVELOPMENT = { environment: "development", appHostname: "localhost" };
  it.each([
    ["", PRODUCTION],
    [`https://example.com/${"a".repeat(2100)}`, PRODUCTION],
    ["not a url", PRODUCTION],
    ["https://user:pass@example.com/hook", PRODUCTION],
    ["http://example.com/hook", DEVELOPMENT],
    ["http://example.com/hook", PRODUCTION],
    ["https://example.com:8443/hook", PRODUCTION],
    ["https://10.0.0.1/hook", PRODUCTION],
    ["https://hooks.qr.example.com/hook", PRODUCTION],
  ] as const)("%s: the phrase's English is the message", (url, rules) => {
    const checked = checkWebhookUrl(url, rules);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(english(checked.phrase)).toBe(checked.message);
  });

  it("says the length limit in Spanish", () => {
    const checked = checkWebhookUrl(`https://example.com/${"a".repeat(2100)}`, PRODUCTION);
    expect(!checked.ok && inLanguage("es", checked.phrase)).toMatch(
      /^Usa una dirección de \d+ caracteres como máximo\.$/,
    );
  });
});

describe("brand refusals", () => {
  it("says each field's problem with its numbers", () => {
    const checked = checkBrandFields({
      name: "x".repeat(61),
      accentColor: "#eeeeee",
      supportUrl: `https://example.com/${"a".repeat(500)}`,
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    for (const field of ["name", "accentColor", "supportUrl"] as const) {
      expect(english(checked.phrases[field])).toBe(checked.errors[field]);
    }
    expect(inLanguage("de", checked.phrases.accentColor)).toBe(
      "Diese Farbe ist auf Weiß zu hell zum Lesen (Kontrast 1.2:1; mindestens 4.5:1 ist nötig). Wähle einen dunkleren Ton.",
    );
    const plain = checkBrandFields({ name: "", accentColor: "blue", supportUrl: "ftp://x" });
    expect(plain.ok).toBe(false);
    if (plain.ok) return;
    for (const field of ["name", "accentColor", "supportUrl"] as const) {
      expect(english(plain.phrases[field])).toBe(plain.errors[field]);
    }
  });

  it("says each image refusal with its limits", () => {
    const problems = [
      checkLogo(new Uint8Array(LOGO_MAX_BYTES + 1)),
      checkLogo(new Uint8Array([1, 2, 3, 4])),
      checkFavicon(new Uint8Array(100 * 1024 + 1)),
      checkFavicon(new Uint8Array([1, 2, 3, 4])),
    ];
    for (const problem of problems) {
      expect(problem.ok).toBe(false);
      if (problem.ok) continue;
      const refusal = uploadRefusal(problem.problem);
      expect(english(refusal.phrase)).toBe(refusal.message);
    }
    const big = checkFavicon(new Uint8Array(100 * 1024 + 1));
    expect(!big.ok && inLanguage("fr", uploadRefusal(big.problem).phrase)).toBe(
      "Choisissez un favicon de moins de 100 Ko.",
    );
  });
});
