/** The onboarding tour's five steps (spec section 2), each pointing at a part of the home page. */
export const TOUR_STEPS = [
  {
    id: "welcome",
    title: "Welcome to QR Code Creator",
    body: "Make QR codes for links, text, e-mail, phone, SMS, Wi-Fi and contact cards, free and with or without an account. This short tour shows you around.",
    target: ".hero",
  },
  {
    id: "generator",
    title: "Pick a type and fill in the details",
    body: "Choose one of the seven types, then type your content. The preview updates as you go.",
    target: '[data-tour="generator"]',
  },
  {
    id: "customization",
    title: "Make it yours",
    body: "Choose a size and colours. The generator warns you when colours are too close to scan reliably.",
    target: '[data-tour="customization"]',
  },
  {
    id: "download",
    title: "Download and share",
    body: "Download a PNG (SVG on Premium), save the code to your dashboard, or copy a link that opens these settings.",
    target: '[data-tour="download"]',
  },
  {
    id: "analytics",
    title: "Follow how your codes do",
    body: "Your dashboard counts the downloads and scans of your saved codes, and your achievements grow as you explore.",
    target: "#achievements",
  },
] as const;
