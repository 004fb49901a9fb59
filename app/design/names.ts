// The names of a design's choices, without the schemas: the generator's form imports these, so the
// validation stays out of the page's first JavaScript.

export const DOT_SHAPES = [
  "square",
  "rounded",
  "dots",
  "classy",
  "classy-rounded",
  "extra-rounded",
] as const;
export type DotShape = (typeof DOT_SHAPES)[number];

/** The outer ring of the three finder patterns. */
export const CORNER_SHAPES = ["square", "rounded", "extra-rounded", "dot"] as const;
export type CornerShape = (typeof CORNER_SHAPES)[number];

/** The centre of each finder pattern. */
export const CORNER_DOT_SHAPES = ["square", "rounded", "dot"] as const;
export type CornerDotShape = (typeof CORNER_DOT_SHAPES)[number];

export const GRADIENT_TYPES = ["linear", "radial"] as const;

/** `box`: text under the code; `banner`: text above; `bubble`: a speech-bubble label under it. */
export const FRAMES = ["none", "box", "banner", "bubble"] as const;
export type Frame = (typeof FRAMES)[number];

export const LOGO_SIZES = ["small", "medium", "large"] as const;
export type LogoSize = (typeof LOGO_SIZES)[number];

export const FRAME_TEXT_MAX = 30;

/** What the generator calls each choice. */
export const SHAPE_LABELS: Record<DotShape | CornerShape | CornerDotShape, string> = {
  square: "Square",
  rounded: "Rounded",
  dots: "Dots",
  classy: "Classy",
  "classy-rounded": "Classy rounded",
  "extra-rounded": "Extra rounded",
  dot: "Dot",
};

export const FRAME_LABELS: Record<Frame, string> = {
  none: "No frame",
  box: "Label below",
  banner: "Label above",
  bubble: "Speech bubble",
};
