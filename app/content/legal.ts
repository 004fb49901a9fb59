export interface LegalSection {
  heading: string;
  paragraphs: string[];
  bullets?: string[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: LegalSection[];
}

export const legalLastUpdated = "January 23, 2025";

export const privacyPolicy: LegalDocument = {
  title: "Privacy Policy",
  intro:
    "This Privacy Policy explains what information QR Code Creator collects when you use our website, QR code generator, accounts, paid plans and tracked short links, why we collect it, how long we keep it and the choices you have. QR Code Creator is responsible for the personal information described here. If you have any questions, contact us at {salesEmail}.",
  sections: [
    {
      heading: "Using the generator and download records",
      paragraphs: [
        "You can create, preview and download QR codes without an account. Codes you create without saving them to an account are not saved.",
        "Each time a code is downloaded, we store a download record. We use these records to apply the visitor limit of 3 PNG downloads per 24 hours, to protect the service from abuse and to understand how the service is used. A download record contains:",
      ],
      bullets: [
        "the file format (PNG or SVG);",
        "the date and time of the download;",
        "your browser's user agent string (which describes the browser and operating system);",
        "a truncated, hashed form of your IP address. We never store your full IP address.",
      ],
    },
    {
      heading: "Account information",
      paragraphs: [
        "You can sign in with an e-mail address and password, with Google, or with a developer-platform account using OpenID Connect. When you create an account, we store:",
      ],
      bullets: [
        "your name and e-mail address;",
        "if you use an e-mail address and password, a one-way hash of your password. We never store the password itself;",
        "if you sign in with Google or an OpenID Connect provider, the name of that provider and the account identifier it gives us;",
        "the URL of your profile image, if your sign-in provider supplies one.",
      ],
    },
    {
      heading: "Saved QR codes and logos",
      paragraphs: [
        "When you save a QR code, we store its type, its content (for example the URL, text, Wi-Fi network details or contact card fields), its foreground and background colors, its size and its title. If you embed a logo on the Premium or Ultimate plan, we also store the image file you uploaded.",
        "Saved content can include personal information, such as the details in a contact card or a Wi-Fi password. We store it only so we can show your saved codes to you and generate them again when you download them. Please only include information you are entitled to share.",
      ],
    },
    {
      heading: "Subscriptions and payments",
      paragraphs: [
        "For your subscription we store your plan, the start and end dates of any free trial, and the customer and subscription identifiers created by our payment processor, Stripe.",
        "Each e-mail address can have one free trial. When a trial starts, we record a keyed hash of the address (a fingerprint made with a secret key, from which the address cannot be read back) together with the trial's start and end dates. We keep this record after you delete your account, so that signing up again with the same address does not start another trial; it contains nothing else about you.",
        "Payments are processed by Stripe. Your card details are entered into and handled by Stripe and never touch our servers, so we never see or store your full card number. Stripe processes payment information under its own privacy policy and may be required to keep billing records to meet payment and tax laws.",
      ],
    },
    {
      heading: "Scan analytics for tracked codes",
      paragraphs: [
        "On the Premium and Ultimate plans, the owner of a saved website URL code can turn on scan tracking. The code then encodes a short link on our service (/s/...) that records the scan and immediately redirects to the destination URL. Scans are stored as hourly counts per code, not as a record per person. Each scan adds one to the counts of:",
      ],
      bullets: [
        "the hour of the scan;",
        "the approximate country, region, city and time zone, derived from the connection by our hosting network. We do not use GPS or any other precise location;",
        "the device type, operating system and browser, read from the browser's user agent. Bots and link previews are counted separately and never as scans;",
        "whether it is the scanner's first scan of that code that day (unique scanners).",
      ],
    },
    {
      heading: "Unique scanners",
      paragraphs: [
        "To recognise a scanner within one day we compute a hash (HMAC-SHA-256) of the IP address and user agent with a random key that changes every day and is deleted after two days. We never store the raw IP address. The hash is kept with a record of the scan (its code and day, without location or device) for two days, so that a scan delivered twice is counted once, and is then deleted; once the day's key is gone, nobody, including us, can link the hash to an address or to the same scanner on another day. Scan records made before these hourly counts (before November 2026) keep a hashed form of the IP address until the plan's retention period deletes them.",
      ],
    },
    {
      heading: "Cookies and local storage",
      paragraphs: [
        "We do not use advertising cookies or any third-party tracking cookies. Scanning a tracked code does not require an account, and we do not use cookies to follow people who scan codes.",
        "QR Code Creator stores only the following in your browser:",
      ],
      bullets: [
        "Session cookie: an essential, signed, HttpOnly cookie that contains only a session identifier and keeps you signed in for up to 30 days.",
        "Notification cookie: a short-lived cookie that carries one-time messages, such as a confirmation after you complete an action, and is cleared once the message has been shown.",
        "Local storage: interface preferences, namely whether you have completed the onboarding tour and your progress on the feature checklist and achievements. This stays in your browser, and you can remove it at any time by clearing this site's data in your browser settings.",
      ],
    },
    {
      heading: "How we use information",
      paragraphs: [
        "We do not sell your personal information, and we do not use it for advertising. We use the information described in this policy only to:",
      ],
      bullets: [
        "provide the generator, your account and your saved codes;",
        "sign you in and keep you signed in;",
        "apply plan limits, such as the visitor download limit, saved-code limits and team sizes;",
        "manage subscriptions and free trials through Stripe;",
        "show code owners the scan analytics for their tracked codes;",
        "answer your support requests;",
        "detect and prevent abuse, such as phishing or malware links, fraud and excessive automated use;",
        "comply with legal obligations.",
      ],
    },
    {
      heading: "Service providers and international transfers",
      paragraphs: [
        "We may disclose information when the law requires it, or when it is necessary to protect people from harm, for example to deal with a tracked link used for phishing.",
        "Because Cloudflare operates a global network, your information may be processed in countries other than your own. Where data protection law requires it, these transfers are covered by appropriate safeguards, such as standard contractual clauses.",
        "Apart from that, we share information only with the providers that help us run the service, and only as far as they need it:",
      ],
      bullets: [
        "Cloudflare hosts QR Code Creator on its global network. Our application (Cloudflare Workers), database (D1), key-value storage (KV) and file storage for uploaded logos (R2) run on Cloudflare, and Cloudflare supplies the approximate location used in scan analytics.",
        "Stripe processes payments and manages subscriptions.",
        "Google or the OpenID Connect developer platform confirm your identity, but only if you choose to sign in with them.",
      ],
    },
    {
      heading: "How long we keep information",
      paragraphs: ["We keep information only for as long as we need it for the purposes above:"],
      bullets: [
        "Account information, subscription state and saved codes are kept while your account exists.",
        "Scan analytics are deleted after 365 days on the Premium plan. On the Ultimate plan they are kept for as long as the account exists.",
        "When you delete a saved code, its uploaded logo is deleted with it.",
        "Codes and logos you saved in a team workspace that someone else owns belong to that workspace: they stay there, unchanged, when you leave it or delete your account, and the API keys you made there stop working at once. Deleting your account also deletes your customer record at our payment processor.",
        "You can delete your account yourself at Account settings (/account). It is deleted at once: your profile, sign-ins, saved codes, uploaded logos, download records and scan analytics are deleted, its tracked links stop redirecting, and a paid subscription is cancelled immediately. Copies in our database backups are overwritten within 30 days. We keep only a record of past payment events that no longer names you or your account, and our payment processor keeps the billing records that payment and tax law require.",
        "The session cookie expires after 30 days or when you sign out.",
        "If your account had a free trial, the keyed hash of its e-mail address and the trial's dates are kept after the account is deleted, so that each address has one free trial.",
      ],
    },
    {
      heading: "Security",
      paragraphs: [
        "We protect your information with measures suited to what we store: passwords are kept only as one-way hashes, IP addresses only in hashed form, the session cookie is signed and marked HttpOnly so that scripts on the page cannot read it, connections to the service are encrypted, and card details never reach our servers.",
        "No system is perfectly secure. If a security incident affects your personal information, we will notify you and the relevant authorities as the law requires.",
      ],
    },
    {
      heading: "Your rights and choices",
      paragraphs: [
        "Where the law requires a legal basis for processing, we rely on performing our contract with you (accounts, saved codes and subscriptions), our legitimate interest in running a secure, reliable service and providing scan counts to our customers (download records, scan records and abuse prevention), and legal obligations (such as billing records).",
        "Depending on where you live, you may have the right to access, correct, export or delete your personal information, to object to or restrict certain processing, and to complain to your local data protection authority.",
        "You can delete individual saved codes, together with their logos, at any time. At Account settings (/account) you can correct your name and e-mail address, download a copy of your data (your profile, sign-ins, saved codes with their download and scan counts, and your subscription and billing history) and delete your account yourself. To exercise any other right, contact {salesEmail} from the e-mail address linked to your account so that we can verify your request.",
        "QR Code Creator is not intended for children under 16, and we do not knowingly collect their personal information. If you believe a child has given us personal information, contact us and we will delete it.",
      ],
    },
    {
      heading: "Changes and contact",
      paragraphs: [
        "We will update this policy when the service or the information we collect changes. The date at the top of this page shows when it was last updated, and we will notify account holders of significant changes by e-mail or in the app before they take effect.",
        "Questions or requests about your privacy can be sent to {salesEmail}.",
      ],
    },
  ],
};

export const termsOfService: LegalDocument = {
  title: "Terms of Service",
  intro:
    "These Terms of Service govern your use of QR Code Creator, including the website, the QR code generator, accounts, paid plans, API access and the short links used for scan tracking. By using the service or creating an account, you agree to these terms. If you use QR Code Creator on behalf of an organization, you accept these terms for that organization and confirm that you are authorized to do so.",
  sections: [
    {
      heading: "The service and plans",
      paragraphs: [
        "QR Code Creator generates static QR codes for seven content types: website URL, plain text, e-mail, phone number, SMS, Wi-Fi network and contact card (vCard). Anyone can create and preview codes without an account. Visitors who are not signed in can download up to 3 PNG codes in any 24-hour period, but cannot save codes or use analytics.",
        "The current features and prices of each plan are shown on our pricing page. Applicable taxes may be added where the law requires it, and support response times are targets, not guarantees. With an account, you can choose one of these plans:",
      ],
      bullets: [
        "Free ($0): save up to 3 codes (website URL and plain text codes only), PNG downloads and community support. All seven types can still be previewed and downloaded.",
        "Premium ($15 per month): unlimited saved codes of all seven types, logo embedding (PNG or JPEG logos up to 2 MB), PNG and SVG downloads, scan analytics kept for 365 days, bulk generation, custom domains, up to 5 team members and support within 24 hours.",
        "Ultimate ($49 per month): everything in Premium, plus analytics kept for as long as the account exists, API access, white-label branding, up to 25 team members, priority support with a 6-hour response time and custom integrations.",
      ],
    },
    {
      heading: "Accounts",
      paragraphs: [
        "You can create an account with an e-mail address and password, with Google, or with a developer-platform account using OpenID Connect. You must be at least 16 years old, provide accurate information, keep your sign-in details secure and tell us promptly at {salesEmail} if you believe someone has accessed your account without permission. You are responsible for activity under your account.",
        "On Premium and Ultimate, the account owner can add team members up to the plan's limit (5 on Premium, 25 on Ultimate). The account owner is responsible for how team members use the service and for removing access that is no longer needed.",
      ],
    },
    {
      heading: "Billing and free trials",
      paragraphs: [
        "Premium and Ultimate are monthly subscriptions, billed in advance through our payment processor, Stripe. By subscribing, you authorize us to charge your payment method through Stripe at the start of each billing period until you cancel. Card details are handled by Stripe and never reach our servers.",
        "Each paid plan can be tried free for 7 days. Only one free trial is available per account. A trial started without payment details simply ends after 7 days and your account returns to the Free plan; if you subscribe with a card during or after the trial, the first billing period begins when you pay or, when you subscribe during a trial, when the trial ends.",
        "We may change plan prices. A new price applies only from a billing period that starts after we have given you reasonable advance notice, and you can cancel before it takes effect. If a payment fails, we may limit paid features until the payment succeeds.",
      ],
    },
    {
      heading: "Cancellation, downgrades and refunds",
      paragraphs: [
        "You can cancel your subscription at any time. After you cancel, you keep your paid features until the end of the billing period you have already paid for, and you will not be charged again. Downgrades to a lower plan also take effect at the end of the current billing period.",
        "Payments are non-refundable. We do not give refunds or credits for partial months or unused features, except where the law requires it.",
        "Codes you have already downloaded keep working after a cancellation or downgrade, and tracked short links keep redirecting; only scan counting stops.",
      ],
    },
    {
      heading: "Static codes and tracked links",
      paragraphs: [
        "Codes you download from QR Code Creator are static: their content is encoded in the image itself. Once downloaded, they keep working independently of our service, including after you change plans, cancel or delete your account, or if the service is discontinued.",
        "If you turn on scan tracking for a saved website URL code on a paid plan, the code instead encodes a short link on our service (/s/...) that counts each scan and redirects to your destination. Tracked links depend on our service. They keep redirecting after a downgrade or cancellation, but they stop working if the code or your account is deleted, or if we disable the link under the acceptable use rules below.",
        "You are responsible for checking that each code contains the correct content and scans reliably before you print or distribute it.",
      ],
    },
    {
      heading: "Acceptable use",
      paragraphs: [
        "You are responsible for the content of your codes and for how you use them. You must not:",
      ],
      bullets: [
        "create codes or tracked links that lead to phishing pages, or that impersonate another person or organization to obtain passwords, payment details or other information;",
        "create codes or tracked links that distribute malware, spyware or other harmful software;",
        "create codes or tracked links that contain, link to or promote illegal content or activity;",
        "use content that infringes the intellectual property, privacy or other rights of others;",
        "use the service to send spam or to harass, threaten or defraud anyone;",
        "try to get around plan or download limits, interfere with or overload the service, or probe it for vulnerabilities;",
        "access the service by automated means other than the API included in the Ultimate plan.",
      ],
    },
    {
      heading: "Your content and intellectual property",
      paragraphs: [
        "You own the content you put into your QR codes, the codes you create and the logos you upload. You grant QR Code Creator a worldwide, non-exclusive, royalty-free license to store, copy, process and display that content only as needed to provide the service to you, for example to generate, save and display your codes, run your tracked links and produce your analytics. This license ends when you delete the content or your account, subject to the retention periods in our Privacy Policy.",
        "You confirm that you have the right to use any content, logos and trademarks you upload.",
        "The QR Code Creator website, software, design and brand belong to QR Code Creator and its licensors. These terms do not give you any rights to our name or trademarks. QR Code is a registered trademark of DENSO WAVE INCORPORATED.",
      ],
    },
    {
      heading: "Suspension and termination",
      paragraphs: [
        "You can stop using the service at any time. You can delete your account yourself at Account settings (/account), where you can also download your data first. Deletion happens at once and cannot be undone: your data is deleted as described in our Privacy Policy, tracked links stop redirecting, and a paid subscription ends immediately, with no refund for the rest of the billing period.",
        "We may disable tracked links that point to phishing, malware or illegal content and remove the codes involved, without notice where necessary to protect people who scan them. To report a code you believe is abusive, contact {salesEmail}.",
        "We may suspend or close your account if you seriously or repeatedly breach these terms, if we are required to by law, or if your use puts other users, people who scan codes or the service at risk. Where it is reasonable, we will tell you first and give you the chance to fix the problem. Codes you have already downloaded keep working, but tracked links of a closed account stop redirecting.",
      ],
    },
    {
      heading: "Disclaimers",
      paragraphs: [
        "The service is provided 'as is' and 'as available'. To the extent permitted by law, we disclaim all warranties, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement.",
        "We do not guarantee that every code will scan on every device, printing process or surface, or that the service, tracked links or analytics will be uninterrupted or error-free. Scan analytics are approximate: locations are estimated from network information, and counts can include repeated or automated scans.",
      ],
    },
    {
      heading: "Limitation of liability",
      paragraphs: [
        "To the fullest extent permitted by law, QR Code Creator is not liable for any indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue, data or goodwill, including the cost of reprinting materials.",
        "Our total liability for all claims relating to the service is limited to the greater of the amount you paid us in the 12 months before the claim arose or US$50.",
        "Nothing in these terms limits liability that cannot be limited by law, or affects the rights you have as a consumer under mandatory law.",
      ],
    },
    {
      heading: "Changes to the service and these terms",
      paragraphs: [
        "We may add, change or remove features over time. If we make a change that materially reduces the features of a paid plan you are subscribed to, we will tell you in advance, and you can cancel before the change takes effect.",
        "We may update these terms. We will change the date at the top of this page and, for material changes, notify account holders by e-mail or in the app before the changes take effect. If you continue to use the service after that, you accept the updated terms.",
      ],
    },
    {
      heading: "Governing law and contact",
      paragraphs: [
        "These terms are governed by the laws of the jurisdiction in which QR Code Creator is established, without regard to its conflict-of-law rules. If you are a consumer, you also keep the protection of the mandatory laws of the country where you live. If any part of these terms is found to be unenforceable, the rest remains in effect.",
        "Questions about these terms, billing or abuse reports can be sent to {salesEmail}.",
      ],
    },
  ],
};
