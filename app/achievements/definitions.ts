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

export interface AchievementDefinition {
  id: string;
  title: string;
  description: string;
  points: number;
  category: Category;
  requirement: Requirement;
}

/** Feature Hunter's share of the tracked features (spec section 9). */
export const FEATURE_HUNTER_PERCENT = 80;

/** The 15 achievements, in the spec's order of points (section 9). */
export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  {
    id: "first-code",
    title: "First Steps",
    description: "Create your first QR code by downloading or saving it.",
    points: 10,
    category: "creation",
    requirement: { kind: "codes", count: 1 },
  },
  {
    id: "five-codes",
    title: "On a Roll",
    description: "Create 5 different QR codes.",
    points: 25,
    category: "creation",
    requirement: { kind: "codes", count: 5 },
  },
  {
    id: "twenty-five-codes",
    title: "QR Master",
    description: "Create 25 different QR codes.",
    points: 100,
    category: "milestone",
    requirement: { kind: "codes", count: 25 },
  },
  {
    id: "colours",
    title: "Splash of Colour",
    description: "Give a code your own colours.",
    points: 15,
    category: "customization",
    requirement: { kind: "actions", actions: ["colors"] },
  },
  {
    id: "style-master",
    title: "Style Master",
    description: "Change the type, the colours and the size.",
    points: 30,
    category: "customization",
    requirement: { kind: "actions", actions: ["type", "colors", "size"] },
  },
  {
    id: "size",
    title: "Size Matters",
    description: "Pick another size for a code.",
    points: 15,
    category: "customization",
    requirement: { kind: "actions", actions: ["size"] },
  },
  {
    id: "three-types",
    title: "Type Explorer",
    description: "Create codes of 3 different types.",
    points: 20,
    category: "exploration",
    requirement: { kind: "types", count: 3 },
  },
  {
    id: "first-save",
    title: "Keeper",
    description: "Save a code to your dashboard.",
    points: 25,
    category: "creation",
    requirement: { kind: "actions", actions: ["save"] },
  },
  {
    id: "share",
    title: "Spread the Word",
    description: "Copy a share link.",
    points: 20,
    category: "exploration",
    requirement: { kind: "actions", actions: ["share"] },
  },
  {
    id: "svg",
    title: "Vector Vision",
    description: "Download a code as SVG.",
    points: 30,
    category: "premium",
    requirement: { kind: "actions", actions: ["svg-download"] },
  },
  {
    id: "logo",
    title: "Brand Builder",
    description: "Add your logo to a code.",
    points: 50,
    category: "premium",
    requirement: { kind: "actions", actions: ["logo"] },
  },
  {
    id: "all-types",
    title: "Type Collector",
    description: `Create codes of all ${QR_TYPES.length} types.`,
    points: 75,
    category: "exploration",
    requirement: { kind: "types", count: QR_TYPES.length },
  },
  {
    id: "analytics",
    title: "Data Driven",
    description: "See downloads and scans in your analytics.",
    points: 40,
    category: "premium",
    requirement: { kind: "actions", actions: ["analytics-data"] },
  },
  {
    id: "feature-hunter",
    title: "Feature Hunter",
    description: `Find ${Math.ceil((TRACKED_FEATURES.length * FEATURE_HUNTER_PERCENT) / 100)} of the ${TRACKED_FEATURES.length} features in the checklist.`,
    points: 20,
    category: "exploration",
    requirement: { kind: "feature-share", percent: FEATURE_HUNTER_PERCENT },
  },
  {
    id: "achiever",
    title: "Achiever",
    description: "Unlock 5 other achievements.",
    points: 15,
    category: "milestone",
    requirement: { kind: "achievements", count: 5 },
  },
];
