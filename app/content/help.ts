export interface HelpTopic {
  id: string;
  title: string;
  description: string;
  href: string;
}

export interface HelpFaq {
  id: string;
  question: string;
  answer: string;
}

export const helpTopics: readonly HelpTopic[] = [
  {
    id: "create",
    title: "Create a QR code",
    description:
      "Pick one of seven content types, enter your details and preview your code instantly. No account needed.",
    href: "/",
  },
  {
    id: "design",
    title: "Design & customize",
    description:
      "Choose a size and colors, and on paid plans add your logo, while keeping your code easy to scan.",
    href: "/faq?category=design",
  },
  {
    id: "download",
    title: "Download & scan",
    description:
      "Download PNG or SVG files, print at the right size and fix codes that will not scan.",
    href: "/faq?category=download",
  },
  {
    id: "plans",
    title: "Plans & billing",
    description:
      "Compare Free, Premium and Ultimate, start a 7-day free trial and see how cancellation works.",
    href: "/pricing",
  },
];

export const helpFaqs: readonly HelpFaq[] = [
  {
    id: "account-required",
    question: "Do I need an account?",
    answer:
      "No. You can create and preview every code type without signing up and download up to 3 PNG codes per 24 hours. An account lets you save codes.",
  },
  {
    id: "do-codes-expire",
    question: "Will my QR codes stop working?",
    answer:
      "No. Downloaded codes contain your content directly and keep working forever, independent of QR Code Creator. Dynamic codes (which track scans and can change their destination later) keep redirecting after a downgrade or cancellation too.",
  },
  {
    id: "colors-rejected",
    question: "Why was my color choice refused?",
    answer:
      "Phones cannot reliably read codes with low contrast or a light code on a dark background, so the app refuses those combinations. Use a dark foreground on a light background.",
  },
  {
    id: "add-a-logo",
    question: "How do I add a logo?",
    answer:
      "Logo embedding is available on Premium and Ultimate. Upload a PNG or JPEG of up to 2 MB; the code switches to high error correction (level H) so it still scans.",
  },
  {
    id: "cancel-any-time",
    question: "Can I cancel at any time?",
    answer:
      "Yes. Your paid features continue until the end of the current billing period, and downgrades also take effect then. Each e-mail address can use one 7-day free trial.",
  },
];
