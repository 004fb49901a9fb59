import { QR_TYPES } from "../qr/types";
import { TRACKED_FEATURES, type Action } from "./features";

export const CATEGORIES = [
  "creation",
  "customization",
  "premium",
  "exploration",
  "milestone",
] as const;
export type Category = (typeof CATEGORIES)[number];

/** What unlocks an achievement, checked against the stored progress. */
export type Requirement =
  /** Distinct codes created (downloaded or saved). */
  | { kind: "codes"; count: number }
  /** Distinct types among the codes created. */
  | { kind: "types"; count: number }
  /** Every one of these actions used. */
  | { kind: "actions"; actions: readonly Action[] }
  /** A share of the eight tracked features, rounded up to whole features. */
  | { kind: "feature-share"; percent: number }
  /** Other achievements unlocked. */
  | { kind: "achievements"; count: number };

/**
 * An achievement; its title and description are the messages `achievements.<id>.title` and
 * `achievements.<id>.description` (values from `achievementValues`).
 */
export interface AchievementDefinition {
  id: string;
  points: number;
  category: Category;
  requirement: Requirement;
}

/** Feature Hunter's share of the tracked features (spec section 9). */
export const FEATURE_HUNTER_PERCENT = 80;

/** The numbers some descriptions name ("all {types} types"), for the message function. */
export function achievementValues(): Record<string, number> {
  const total = TRACKED_FEATURES.length;
  return {
    types: QR_TYPES.length,
    found: Math.ceil((total * FEATURE_HUNTER_PERCENT) / 100),
    total,
  };
}

/** The 15 achievements, in the spec's order of points (section 9). */
export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  {
    id: "first-code",
    points: 10,
    category: "creation",
    requirement: { kind: "codes", count: 1 },
  },
  {
    id: "five-codes",
    points: 25,
    category: "creation",
    requirement: { kind: "codes", count: 5 },
  },
  {
    id: "twenty-five-codes",
    points: 100,
    category: "milestone",
    requirement: { kind: "codes", count: 25 },
  },
  {
    id: "colours",
    points: 15,
    category: "customization",
    requirement: { kind: "actions", actions: ["colors"] },
  },
  {
    id: "style-master",
    points: 30,
    category: "customization",
    requirement: { kind: "actions", actions: ["type", "colors", "size"] },
  },
  {
    id: "size",
    points: 15,
    category: "customization",
    requirement: { kind: "actions", actions: ["size"] },
  },
  {
    id: "three-types",
    points: 20,
    category: "exploration",
    requirement: { kind: "types", count: 3 },
  },
  {
    id: "first-save",
    points: 25,
    category: "creation",
    requirement: { kind: "actions", actions: ["save"] },
  },
  {
    id: "share",
    points: 20,
    category: "exploration",
    requirement: { kind: "actions", actions: ["share"] },
  },
  {
    id: "svg",
    points: 30,
    category: "premium",
    requirement: { kind: "actions", actions: ["svg-download"] },
  },
  {
    id: "logo",
    points: 50,
    category: "premium",
    requirement: { kind: "actions", actions: ["logo"] },
  },
  {
    id: "all-types",
    points: 75,
    category: "exploration",
    requirement: { kind: "types", count: QR_TYPES.length },
  },
  {
    id: "analytics",
    points: 40,
    category: "premium",
    requirement: { kind: "actions", actions: ["analytics-data"] },
  },
  {
    id: "feature-hunter",
    points: 20,
    category: "exploration",
    requirement: { kind: "feature-share", percent: FEATURE_HUNTER_PERCENT },
  },
  {
    id: "achiever",
    points: 15,
    category: "milestone",
    requirement: { kind: "achievements", count: 5 },
  },
];
