// The content fields of a saved code as its page names them (issue #29 item 8): the labels of the
// generator's form, for the content summary and the confirmation of a static code's new content.

const FIELD_LABELS: Record<string, string> = {
  url: "Website address",
  text: "Text",
  email: "E-mail address",
  subject: "Subject",
  message: "Message",
  phone: "Phone number",
  ssid: "Network name",
  password: "Password",
  encryption: "Security",
  hidden: "Hidden network",
  firstName: "First name",
  lastName: "Last name",
  company: "Company",
  jobTitle: "Job title",
  website: "Website",
};

/** A content field's label, as the generator's form calls it. */
export const fieldLabel = (name: string) => FIELD_LABELS[name] ?? name;
