// The files a design is drawn as (issue #28), with their media types.

export const DESIGN_FORMATS = ["png", "svg", "pdf", "eps"] as const;
export type DesignFormat = (typeof DESIGN_FORMATS)[number];

export const CONTENT_TYPES: Record<DesignFormat, string> = {
  png: "image/png",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  eps: "application/postscript",
};
