import { DEFAULT_DESIGN, type Design } from "./schema";

// Ready-made designs, one click each. Every one passes the contrast guard and decodes with ZXing
// and jsQR (tests/unit/design-presets.test.ts).

export interface Preset {
  id: string;
  name: string;
  design: Design;
}

const preset = (id: string, name: string, changes: Partial<Design>): Preset => ({
  id,
  name,
  design: { ...DEFAULT_DESIGN, ...changes },
});

export const PRESETS: readonly Preset[] = [
  preset("classic", "Classic", {}),
  preset("soft", "Soft", {
    dotShape: "rounded",
    cornerShape: "rounded",
    cornerDotShape: "rounded",
  }),
  preset("bubbles", "Bubbles", {
    dotShape: "dots",
    cornerShape: "dot",
    cornerDotShape: "dot",
    fgColor: "#1e3a8a",
  }),
  preset("ocean", "Ocean", {
    dotShape: "extra-rounded",
    cornerShape: "extra-rounded",
    cornerDotShape: "rounded",
    fgColor: "#1d4ed8",
    gradient: { type: "linear", from: "#1d4ed8", to: "#0f766e", rotation: 45 },
    cornerColor: "#1e3a8a",
    cornerDotColor: "#0f766e",
  }),
  preset("sunset", "Sunset", {
    dotShape: "classy-rounded",
    cornerShape: "rounded",
    cornerDotShape: "dot",
    fgColor: "#9f1239",
    gradient: { type: "linear", from: "#9f1239", to: "#c2410c", rotation: 90 },
    cornerColor: "#9f1239",
    cornerDotColor: "#c2410c",
  }),
  preset("forest", "Forest", {
    dotShape: "classy",
    cornerShape: "square",
    cornerDotShape: "rounded",
    fgColor: "#166534",
    cornerColor: "#14532d",
    frame: "box",
    frameColor: "#14532d",
    frameTextColor: "#ffffff",
  }),
  preset("grape", "Grape", {
    dotShape: "rounded",
    cornerShape: "extra-rounded",
    cornerDotShape: "dot",
    fgColor: "#6d28d9",
    gradient: { type: "radial", from: "#4c1d95", to: "#7c3aed", rotation: 0 },
    cornerColor: "#4c1d95",
    frame: "bubble",
    frameColor: "#4c1d95",
    frameTextColor: "#ffffff",
  }),
  preset("newsprint", "Newsprint", {
    dotShape: "square",
    cornerShape: "dot",
    cornerDotShape: "square",
    fgColor: "#111827",
    bgColor: "#fefce8",
    frame: "banner",
    frameColor: "#111827",
    frameTextColor: "#fefce8",
  }),
  preset("coral", "Coral", {
    dotShape: "dots",
    cornerShape: "rounded",
    cornerDotShape: "rounded",
    fgColor: "#b91c1c",
    cornerColor: "#7f1d1d",
    cornerDotColor: "#b91c1c",
    frame: "box",
    frameColor: "#b91c1c",
    frameTextColor: "#ffffff",
  }),
];
