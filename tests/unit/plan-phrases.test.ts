// Issue #32: the plans' refusals and the plan changes' outcomes keep their English for the API
// and carry phrases whose English catalogue text is that English, said in a page's language.
import { describe, expect, it } from "vitest";
import {
  alreadyEnds,
  alreadyOnPlan,
  cancelled,
  movesAtPeriodEnd,
  nothingToCancel,
  onFreeNow,
  type SaidToast,
  upgraded,
  wrongDirection,
} from "../../app/billing/plan-outcomes";
import type { Phrased } from "../../app/i18n/phrase";
import {
  canDownloadPrint,
  canDownloadSvg,
  canEditDestination,
  canEmbedLogo,
  canSaveType,
  canTrackScans,
  canUseBrandStyles,
  newAccountLimitMessage,
  saveLimitMessage,
  TITLE_REQUIRED,
  UPGRADE_REQUIRED,
  type Verdict,
} from "../../app/plans/rules";
import { formatUtc } from "../../app/support/rules";
import { english, inLanguage } from "./phrases";

function refusal(verdict: Verdict): Phrased {
  if (verdict.ok) throw new Error("allowed");
  return verdict;
}

/** The toast's English title and description, each with its phrase. */
function parts({ toast, said }: SaidToast): Phrased[] {
  return [
    { message: toast.title, phrase: said.title },
    { message: toast.description ?? "", phrase: said.description },
  ];
}

const periodEnd = new Date("2026-12-27T00:00:00Z");

describe("plan refusals", () => {
  const refusals: [string, Phrased][] = [
    ["a type Free does not save", refusal(canSaveType("free", "email"))],
    ["another type", refusal(canSaveType("free", "wifi"))],
    ["Free's save limit", saveLimitMessage("free")],
    ["SVG", refusal(canDownloadSvg("free"))],
    ["PDF and EPS", refusal(canDownloadPrint("free"))],
    ["brand styles", refusal(canUseBrandStyles("free"))],
    ["logos", refusal(canEmbedLogo("free"))],
    ["tracking a text", refusal(canTrackScans("premium", "text"))],
    ["tracking on Free", refusal(canTrackScans("free", "url"))],
    ["editing a destination", refusal(canEditDestination("free"))],
    ["a new account", newAccountLimitMessage(new Date("2026-11-28T10:00:00Z"))],
    ["no title", { message: TITLE_REQUIRED.description, phrase: TITLE_REQUIRED.phrase }],
    ["no title's title", { message: TITLE_REQUIRED.title, phrase: TITLE_REQUIRED.titlePhrase }],
    ["upgrade", { message: UPGRADE_REQUIRED.title, phrase: UPGRADE_REQUIRED.titlePhrase }],
  ];

  it.each(refusals)("%s: the phrase's English is the API's message", (_, said) => {
    expect(english(said.phrase)).toBe(said.message);
  });

  it.each(refusals)("%s: is said in German and Arabic", (_, said) => {
    expect(inLanguage("de", said.phrase)).not.toBe(said.message);
    expect(inLanguage("ar", said.phrase)).not.toBe(said.message);
  });

  it("names the types, the limit and the time in the page's language", () => {
    expect(inLanguage("de", refusal(canSaveType("free", "email")).phrase)).toBe(
      "Der Tarif Free speichert Codes vom Typ Website und Text. Wechsle zu Premium, um Codes vom Typ E-Mail zu speichern.",
    );
    expect(inLanguage("es", saveLimitMessage("free").phrase)).toBe(
      "El plan Free está limitado a 3 códigos QR. Mejora tu plan para crear más.",
    );
    expect(inLanguage("ja", refusal(canSaveType("free", "contact")).phrase)).toContain("連絡先");
    const newAccount = newAccountLimitMessage(new Date("2026-11-28T10:00:00Z")).phrase;
    expect(inLanguage("fr", newAccount)).toContain("5 codes dynamiques");
    expect(inLanguage("fr", newAccount)).toContain("2026-11-28 10:00 UTC");
  });
});

describe("plan changes", () => {
  const period = { plan: "premium" as const, end: periodEnd };
  const outcomes: [string, Phrased][] = [
    ["already on it", alreadyOnPlan()],
    ["an upgrade", wrongDirection("ultimate", "upgrade")],
    ["a downgrade", wrongDirection("free", "downgrade")],
    ["nothing to cancel", nothingToCancel()],
    ["already ending", alreadyEnds(period, "en")],
    ...parts(onFreeNow()).map((said): [string, Phrased] => ["a trial left", said]),
    ...parts(movesAtPeriodEnd(period, "free", "en")).map((s): [string, Phrased] => ["down", s]),
    ...parts(upgraded("ultimate")).map((said): [string, Phrased] => ["upgraded", said]),
    ...parts(cancelled(period, "en")).map((said): [string, Phrased] => ["cancelled", said]),
  ];

  it.each(outcomes)("%s: the phrase's English is the API's", (_, said) => {
    expect(said.message).not.toBe("");
    expect(english(said.phrase)).toBe(said.message);
  });

  it("writes the period's end the page's way", () => {
    expect(inLanguage("de", cancelled(period, "de").said.description)).toBe(
      "Du behältst Premium bis 27. Dezember 2026.",
    );
    expect(inLanguage("es", alreadyEnds(period, "es").phrase)).toBe(
      "Tu suscripción ya termina el 27 de diciembre de 2026.",
    );
    expect(inLanguage("fr", movesAtPeriodEnd(period, "free", "fr").said.description)).toBe(
      "Vous gardez Premium jusqu'au 27 décembre 2026, puis vous passez à Free.",
    );
  });

  it("keeps the English when a subscription has no period end", () => {
    const open = { plan: "premium" as const, end: null };
    expect(cancelled(open, "de").toast.description).toBe(
      "You keep Premium until the end of the period.",
    );
    expect(cancelled(open, "de").said.description).toBeUndefined();
  });
});

describe("the support promise", () => {
  it("writes the reply-by time in the page's language, English unchanged", () => {
    const due = new Date("2026-11-26T14:05:00Z");
    expect(formatUtc(due)).toBe("26 Nov 2026, 14:05 UTC");
    expect(formatUtc(due, "de")).toBe("26. Nov. 2026, 14:05 UTC");
    expect(formatUtc(due, "es")).toContain("nov 2026");
  });
});
