import { describe, expect, it } from "vitest";
import {
  codeKey,
  type CreatedCode,
  emptyProgress,
  parseProgress,
  recordUsage,
  type StoredProgress,
} from "../../app/achievements/activity";
import { ACHIEVEMENTS, CATEGORIES } from "../../app/achievements/definitions";
import { type Action, TRACKED_FEATURES } from "../../app/achievements/features";
import { iconForPoints } from "../../app/achievements/icons";
import { summarize, unlockEarned } from "../../app/achievements/rules";
import { QR_TYPES, type QrType } from "../../app/qr/types";

const now = new Date("2025-03-01T12:00:00Z");

/** Progress after creating `count` distinct codes of `type`. */
function created(count: number, type: QrType = "url", from = emptyProgress()): StoredProgress {
  let progress = from;
  for (let index = 0; index < count; index++) {
    const code: CreatedCode = { key: codeKey(`type=${type}&n=${index}`), type };
    progress = recordUsage(progress, "download", code);
  }
  return progress;
}

const unlockedIds = (progress: StoredProgress) =>
  unlockEarned(progress, now).unlocked.map((a) => a.id);

describe("the catalogue", () => {
  it("has exactly the spec's 15 achievements, with its points in its order", () => {
    expect(ACHIEVEMENTS.map((achievement) => achievement.points)).toEqual([
      10, 25, 100, 15, 30, 15, 20, 25, 20, 30, 50, 75, 40, 20, 15,
    ]);
    expect(new Set(ACHIEVEMENTS.map((achievement) => achievement.id)).size).toBe(15);
    for (const category of CATEGORIES) {
      expect(ACHIEVEMENTS.some((achievement) => achievement.category === category)).toBe(true);
    }
  });

  it("picks the icon and toast emoji by points at 75, 50, 30 and 20", () => {
    expect([100, 75, 74, 50, 49, 30, 29, 20, 19, 10].map(iconForPoints)).toEqual([
      "🏆",
      "🏆",
      "💎",
      "💎",
      "🥇",
      "🥇",
      "🥈",
      "🥈",
      "⭐",
      "⭐",
    ]);
  });
});

describe("codes created", () => {
  it("unlocks at 1, 5 and 25 distinct codes", () => {
    expect(unlockedIds(created(1))).toContain("first-code");
    expect(unlockedIds(created(4))).not.toContain("five-codes");
    expect(unlockedIds(created(5))).toContain("five-codes");
    expect(unlockedIds(created(24))).not.toContain("twenty-five-codes");
    expect(unlockedIds(created(25))).toContain("twenty-five-codes");
  });

  it("counts the same code downloaded twice, or downloaded then saved, once", () => {
    const code: CreatedCode = { key: codeKey("type=text&text=hi"), type: "text" };
    const once = recordUsage(emptyProgress(), "download", code);
    const again = recordUsage(recordUsage(once, "download", code), "save", code);
    expect(again.qrCount).toBe(1);
    expect(again.featuresUsed).toEqual(["download", "save"]);
    expect(recordUsage(again, "save", code)).toBe(again);
  });
});

describe("types", () => {
  it("unlocks Type Explorer at 3 distinct types and Type Collector at all 7", () => {
    const two = created(3, "text", created(1, "url"));
    expect(two.typesUsed).toEqual(["url", "text"]);
    expect(unlockedIds(two)).not.toContain("three-types");
    const three = created(1, "wifi", two);
    expect(unlockedIds(three)).toContain("three-types");
    expect(unlockedIds(three)).not.toContain("all-types");
    const six = QR_TYPES.slice(0, 6).reduce((progress, type) => created(1, type, progress), three);
    expect(six.typesUsed).toHaveLength(6);
    expect(unlockedIds(six)).not.toContain("all-types");
    const all = created(1, "contact", six);
    expect(unlockedIds(all)).toContain("all-types");
  });
});

describe("Feature Hunter", () => {
  const using = (features: readonly Action[]) =>
    features.reduce((progress, feature) => recordUsage(progress, feature), emptyProgress());
  const ids = TRACKED_FEATURES.map((feature) => feature.id);

  it("needs 80% of the 8 tracked features: 6.4, so 6 are not enough and 7 are", () => {
    expect(unlockedIds(using(ids.slice(0, 6)))).not.toContain("feature-hunter");
    expect(unlockedIds(using(ids.slice(0, 7)))).toContain("feature-hunter");
  });

  it("does not count premium actions that are not on the checklist", () => {
    const progress = using([...ids.slice(0, 6), "svg-download", "analytics-data"]);
    expect(unlockedIds(progress)).not.toContain("feature-hunter");
  });
});

describe("unlocking", () => {
  it("unlocks each achievement once, also after the progress is stored and read again", () => {
    const first = unlockEarned(created(1), now);
    expect(first.unlocked.map((achievement) => achievement.id)).toEqual(["first-code"]);
    const stored = parseProgress(JSON.stringify(first.progress));
    const later = unlockEarned(created(1, "text", stored), new Date("2025-03-02T00:00:00Z"));
    expect(later.unlocked).toEqual([]);
    expect(later.progress.unlocked["first-code"]).toBe("2025-03-01T12:00:00.000Z");
  });

  it("unlocks Achiever with the fifth other achievement in the same step", () => {
    const progress = (["colors", "size", "type", "share"] as const).reduce(
      (current, action) => recordUsage(current, action),
      created(1),
    );
    expect(unlockedIds(progress)).toEqual([
      "first-code",
      "colours",
      "style-master",
      "size",
      "share",
      "achiever",
    ]);
  });

  it("starts over from unreadable stored data", () => {
    expect(parseProgress("{not json")).toEqual(emptyProgress());
    expect(parseProgress(JSON.stringify({ qrCount: -3, typesUsed: ["url", "fax"] }))).toEqual({
      ...emptyProgress(),
      typesUsed: ["url"],
    });
  });
});

describe("progress numbers", () => {
  it("adds up points, counts, categories and the recent unlocks", () => {
    const { progress } = unlockEarned(
      recordUsage(recordUsage(created(5), "colors"), "svg-download"),
      now,
    );
    const summary = summarize(progress);
    expect(summary.totalCount).toBe(15);
    expect(summary.unlockedCount).toBe(4);
    expect(summary.totalPoints).toBe(10 + 25 + 15 + 30);
    expect(summary.categoryProgress).toEqual({
      creation: { unlocked: 2, total: 3 },
      customization: { unlocked: 1, total: 3 },
      premium: { unlocked: 1, total: 3 },
      exploration: { unlocked: 0, total: 4 },
      milestone: { unlocked: 0, total: 2 },
    });
    expect(summary.recentUnlocks).toHaveLength(3);
    expect(summary.qrCount).toBe(5);
    expect(summary.typesUsed).toEqual(["url"]);
    expect(summary.featuresUsed).toEqual(["download", "colors", "svg-download"]);
    const firstCode = summary.achievements.find((achievement) => achievement.id === "first-code");
    expect(firstCode).toMatchObject({
      icon: "⭐",
      unlocked: true,
      unlockedAt: "2025-03-01T12:00:00.000Z",
    });
    expect(summary.achievements.find((a) => a.id === "twenty-five-codes")).toMatchObject({
      icon: "🏆",
      unlocked: false,
      unlockedAt: null,
    });
  });
});
