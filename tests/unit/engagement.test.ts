import { expect, it } from "vitest";
import { engagementRate } from "../../app/codes/engagement";

it("engagement is scans per download as a rounded percent, 0 when either is missing", () => {
  expect(engagementRate(1, 2)).toBe(50);
  expect(engagementRate(2, 3)).toBe(67);
  expect(engagementRate(5, 2)).toBe(250);
  expect(engagementRate(0, 10)).toBe(0);
  expect(engagementRate(3, 0)).toBe(0);
});
