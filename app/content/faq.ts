export const faqCategories = [
  { id: "basics", label: "QR Code Basics" },
  { id: "design", label: "Design & Customize" },
  { id: "download", label: "Download & Scan" },
] as const;

export type FaqCategoryId = (typeof faqCategories)[number]["id"];

export interface FaqEntry {
  id: string;
  category: FaqCategoryId;
  question: string;
  answer: string;
}

export const faqEntries: readonly FaqEntry[] = [
  // QR Code Basics
  {
    id: "what-is-a-qr-code",
    category: "basics",
    question: "What is a QR code?",
    answer:
      "A QR code is a square, two-dimensional barcode that phones can read with their camera. It can hold a web address, a piece of text, contact details, Wi-Fi login details and more, so people can open or save that information without typing it.\n\nQR Code Creator turns the content you enter into a QR code image that you can download, print and share.",
  },
  {
    id: "account-required",
    category: "basics",
    question: "Do I need an account to create a QR code?",
    answer:
      "No. Anyone can create and preview all seven types of QR code without signing up, as often as they like. Without an account you can download up to 3 PNG codes in any 24-hour period, but codes are not saved and there are no analytics.\n\nA free account lets you save up to 3 website URL or plain text codes so you can come back to them later.",
  },
  {
    id: "content-types",
    category: "basics",
    question: "What kinds of QR codes can I create?",
    answer:
      "You can create seven types: website URL, plain text, e-mail (address, subject and message), phone number, SMS (number and message), Wi-Fi network (network name, password, WPA/WEP/no security and a hidden-network option) and contact card (a vCard with name, company, job title, phone, e-mail and website).\n\nEveryone can preview and download all seven types. Which types you can save depends on your plan.",
  },
  {
    id: "do-codes-expire",
    category: "basics",
    question: "Do my QR codes expire?",
    answer:
      "No. The codes you download are static: the content itself (a URL, text, Wi-Fi details and so on) is encoded directly in the image. They keep working forever and do not depend on QR Code Creator, even if you change plans, cancel or stop using the service.\n\nThe only codes that rely on our service are dynamic codes (saved URL codes that track scans and can change their destination later), because they point to a short link on QR Code Creator. See the questions about dynamic codes for how those behave.",
  },
  {
    id: "free-plan",
    category: "basics",
    question: "What is included in the Free plan?",
    answer:
      "The Free plan costs $0. You can save up to 3 QR codes, download them as PNG and get help through community support.\n\nOnly website URL and plain text codes can be saved on the Free plan, but you can still preview and download all seven code types.",
  },
  {
    id: "premium-and-ultimate",
    category: "basics",
    question: "What do the Premium and Ultimate plans add?",
    answer:
      "Premium ($15/month) gives you unlimited saved codes of all seven types, logo embedding, PNG and SVG downloads, scan analytics kept for 365 days, bulk generation, custom domains, up to 5 team members and support within 24 hours.\n\nUltimate ($49/month) includes everything in Premium, plus analytics kept for as long as your account exists, API access, white-label branding, up to 25 team members, custom integrations and priority support with a 6-hour response time.",
  },
  {
    id: "trial-and-cancellation",
    category: "basics",
    question: "Is there a free trial, and how does cancelling work?",
    answer:
      "Yes. Premium and Ultimate both start with a 7-day free trial, limited to one trial per e-mail address, also after an account is deleted.\n\nYou can cancel at any time. You keep your paid features until the end of the billing period you have already paid for, and you are not charged again. Downgrading to a lower plan also takes effect at the end of the current billing period.",
  },

  // Design & Customize
  {
    id: "size-options",
    category: "design",
    question: "What sizes can I choose?",
    answer:
      "Codes can be generated at 256, 512, 1024 or 2048 pixels wide, with 256 px as the default. For screens, slides and e-mails, 256 or 512 px is usually plenty. For print, choose 1024 or 2048 px so the code stays sharp when it is enlarged.\n\nOn Premium and Ultimate you can also download SVG, a vector format that scales to any size without losing quality.",
  },
  {
    id: "custom-colors",
    category: "design",
    question: "Can I change the colors of my QR code?",
    answer:
      "Yes. You can choose both the foreground color (the dark squares of the code) and the background color. The default is black on white, which is the most reliable combination.\n\nDark colors such as navy, dark green, deep red or deep purple on a white or pale background usually scan well.",
  },
  {
    id: "colors-rejected",
    category: "design",
    question: "Why won't the app accept my color combination?",
    answer:
      "QR Code Creator refuses color combinations that phones cannot read reliably: colors with too little contrast between them, and light codes on a dark background, which many phone cameras and scanner apps fail to recognize.\n\nIf a combination is refused, make the foreground darker or the background lighter until the contrast is high enough.",
  },
  {
    id: "add-a-logo",
    category: "design",
    question: "Can I add my logo to a QR code?",
    answer:
      "Yes, on the Premium and Ultimate plans. Upload a PNG or JPEG image of up to 2 MB and it is embedded in your code. When a logo is added, the code automatically uses the highest error correction level (H), so it still scans even though the logo covers part of the pattern.\n\nSimple, high-contrast logos work best. Always test a code with a logo on a few different phones before you print it.",
  },
  {
    id: "error-correction",
    category: "design",
    question: "What is error correction?",
    answer:
      "QR codes contain redundant data so they can still be read when part of the code is dirty, damaged or covered. QR Code Creator uses level M, which can recover about 15% of the code, by default.\n\nWhen you embed a logo, the code switches automatically to level H, which can recover about 30%. Higher levels make the pattern denser, which is why level H is only used when it is needed.",
  },
  {
    id: "quiet-zone",
    category: "design",
    question: "What is the white border around the code for?",
    answer:
      "The empty margin around a QR code is called the quiet zone. Scanners use it to find where the code starts and ends.\n\nKeep it when you place the code in a design: do not crop it off, and do not put text, images or patterns right up against the code.",
  },
  {
    id: "saving-codes",
    category: "design",
    question: "Can I save my codes and come back to them later?",
    answer:
      "Yes, with an account. On the Free plan you can save up to 3 website URL or plain text codes. Premium and Ultimate let you save an unlimited number of codes of all seven types, together with their title, colors, size and logo.\n\nVisitors without an account can create and download codes, but cannot save them.",
  },

  // Download & Scan
  {
    id: "download-formats",
    category: "download",
    question: "Which file formats can I download?",
    answer:
      "Everyone can download codes as PNG, a standard image format that works in documents, websites and most print workflows.\n\nPremium and Ultimate also include SVG, a vector format that stays perfectly sharp at any size and is preferred by designers and print shops.",
  },
  {
    id: "download-limit",
    category: "download",
    question: "Is there a limit on downloads?",
    answer:
      "Visitors without an account can preview codes as often as they like and download up to 3 PNG codes in any 24-hour period. If you need more, sign in or create a free account.",
  },
  {
    id: "print-size",
    category: "download",
    question: "How big should a printed QR code be?",
    answer:
      "Print codes at least 2 cm (0.8 in) wide, and larger if people will scan them from further away, for example on posters or signs.\n\nFor print, download at 1024 or 2048 px (or as SVG on a paid plan), keep the white quiet zone around the code, and test a printed proof with several different phones before printing a large run.",
  },
  {
    id: "how-to-scan",
    category: "download",
    question: "How do people scan my code?",
    answer:
      "Most phones can scan QR codes with the built-in camera app: point the camera at the code, wait a moment, then tap the link or notification that appears.\n\nDepending on the code type, the phone then offers to open the website, show the text, write the e-mail or SMS, call the number, join the Wi-Fi network or save the contact.",
  },
  {
    id: "code-wont-scan",
    category: "download",
    question: "My code won't scan. What can I do?",
    answer:
      "Check that the code is printed at least 2 cm (0.8 in) wide, that the quiet zone around it has not been cropped or covered, and that it is a dark code on a light background with strong contrast. Glossy surfaces, curved packaging and poor lighting can also cause problems.\n\nIf you added a logo, try a smaller or simpler one. Long content, such as a long URL or a large contact card, makes the pattern denser, so shortening it can help too.",
  },
  {
    id: "scan-tracking",
    category: "download",
    question: "Can I see how many times my code was scanned?",
    answer:
      'Yes, with a dynamic code: a saved website URL code on Premium and Ultimate. When you save it as a dynamic code, it encodes a short link on our service (/s/...) instead of your URL. Each scan passes through that link, is counted and is immediately redirected to your website, and you can change the destination later without reprinting.\n\nAnalytics show when scans happened, the approximate country and city, and the type of device. Premium keeps analytics for 365 days; Ultimate keeps them for as long as your account exists.\n\nOnly dynamic codes are counted, so choose "Dynamic code" when you save, before you download and print the code.',
  },
  {
    id: "tracking-after-cancel",
    category: "download",
    question: "What happens to dynamic codes if I downgrade or cancel?",
    answer:
      "They keep working. The short links of dynamic codes continue to redirect to your URL after a downgrade or cancellation; only the scan counting stops.\n\nStatic codes (without a short link) encode your content directly and work forever, whatever plan you are on. Deleting your account, however, removes its saved codes and their short links, so dynamic codes stop redirecting.",
  },
];
