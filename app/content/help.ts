// The help centre's structure: its topics and questions, in order. The words are in the `help`
// message catalogues: `help.topic.<id>.title`/`.description` and `help.q.<id>.question`/`.answer`.

export interface HelpTopic {
  id: string;
  /** A public page, without a locale prefix; the page adds the visitor's. */
  href: string;
}

export const helpTopics: readonly HelpTopic[] = [
  { id: "create", href: "/" },
  { id: "design", href: "/faq?category=design" },
  { id: "download", href: "/faq?category=download" },
  { id: "plans", href: "/pricing" },
];

export const helpFaqs: readonly { id: string }[] = [
  { id: "account-required" },
  { id: "do-codes-expire" },
  { id: "colors-rejected" },
  { id: "add-a-logo" },
  { id: "cancel-any-time" },
];
