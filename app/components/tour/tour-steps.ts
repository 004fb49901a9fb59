/**
 * The onboarding tour's five steps (spec section 2), each pointing at a part of the home page;
 * the texts are the messages `tour.<id>.title` and `tour.<id>.body`.
 */
export const TOUR_STEPS = [
  {
    id: "welcome",
    target: ".hero",
  },
  {
    id: "generator",
    target: '[data-tour="generator"]',
  },
  {
    id: "customization",
    target: '[data-tour="customization"]',
  },
  {
    id: "download",
    target: '[data-tour="download"]',
  },
  {
    id: "analytics",
    target: "#achievements",
  },
] as const;
