import { describe, expect, it } from "vitest";
import {
  analyticsKeptDays,
  analyticsKeptSince,
  FREE_ANALYTICS_GRACE_DAYS,
} from "../../app/plans/retention";

const now = new Date("2026-11-23T12:00:00Z");

describe("how long analytics rows are kept", () => {
  it("premium keeps a year, ultimate keeps everything", () => {
    expect(analyticsKeptDays("premium")).toBe(365);
    expect(analyticsKeptSince("premium", now)).toEqual(new Date("2025-11-23T12:00:00Z"));
    expect(analyticsKeptDays("ultimate")).toBeNull();
    expect(analyticsKeptSince("ultimate", now)).toBeNull();
  });

  it("free shows none but keeps a month, so a lapsed payment fixed in time loses nothing", () => {
    expect(FREE_ANALYTICS_GRACE_DAYS).toBe(30);
    expect(analyticsKeptDays("free")).toBe(30);
    expect(analyticsKeptSince("free", now)).toEqual(new Date("2026-10-24T12:00:00Z"));
  });
});
