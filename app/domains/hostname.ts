import { toASCII, toUnicode } from "punycode/punycode.es6.js";
import { phrase, type Phrase } from "../i18n/phrase";

// Which hostnames a workspace may add as a custom domain (issue #18). Pure: the dashboard's form
// and the tests ask the same function. Internationalised names are kept in punycode (what DNS and
// the Host header carry) and shown in Unicode.

export const MAX_HOSTNAME_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export type HostnameCheck =
  { ok: true; hostname: string } | { ok: false; message: string; phrase: Phrase };

/** A refusal: its English, and its phrase (integrations.domains.hostname.*) for a page. */
const refuse = (message: string, id: string, values?: Record<string, string | number>) =>
  ({ ok: false, message, phrase: phrase(`integrations.domains.hostname.${id}`, values) }) as const;

/** The domain a hostname of ours belongs to: www.qr.example → qr.example. */
function ownDomain(host: string): string {
  return host.toLowerCase().replace(/^www\./, "");
}

/**
 * Reads what a person typed as a hostname: trims it, lower-cases it, converts an
 * internationalised name to punycode, and refuses what cannot be a customer's hostname here.
 * `ours` are this service's own hostnames (the app's and the CNAME target's); they and their
 * subdomains are refused.
 */
export function checkHostname(input: string, ours: readonly string[]): HostnameCheck {
  const typed = input.trim().normalize("NFC").toLowerCase().replace(/\.$/, "");
  if (typed === "") return refuse("Enter a hostname, like qr.example.com.", "empty");
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(typed) || /[/?#@:\s]/.test(typed)) {
    return refuse(
      "Enter only the hostname, like qr.example.com: no https://, path or port.",
      "onlyHostname",
    );
  }
  if (typed.includes("*")) {
    return refuse(
      "Wildcards are not supported. Add each hostname, like qr.example.com.",
      "wildcard",
    );
  }
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(typed) || typed.startsWith("[")) {
    return refuse("Enter a hostname, not an IP address.", "ipAddress");
  }
  let ascii: string;
  try {
    ascii = toASCII(typed);
  } catch {
    return refuse("This is not a valid hostname. Check its spelling.", "spelling");
  }
  if (ascii.length > MAX_HOSTNAME_LENGTH) {
    return refuse(`Hostnames can be at most ${MAX_HOSTNAME_LENGTH} characters.`, "tooLong", {
      max: MAX_HOSTNAME_LENGTH,
    });
  }
  const labels = ascii.split(".");
  if (labels.length < 2) {
    return refuse("Enter a full hostname with its domain, like qr.example.com.", "noDomain");
  }
  if (labels.some((label) => label.length > MAX_LABEL_LENGTH)) {
    return refuse(
      `Each part of a hostname can be at most ${MAX_LABEL_LENGTH} characters.`,
      "labelTooLong",
      { max: MAX_LABEL_LENGTH },
    );
  }
  if (!labels.every((label) => LABEL.test(label)) || /^\d+$/.test(labels.at(-1)!)) {
    return refuse(
      "This is not a valid hostname: use letters, digits and hyphens, with dots between the parts.",
      "characters",
    );
  }
  for (const host of ours) {
    const domain = ownDomain(host);
    if (domain && (ascii === domain || ascii.endsWith(`.${domain}`))) {
      return refuse(
        `${domain} and its subdomains belong to this service. Use your own domain.`,
        "ours",
        { domain },
      );
    }
  }
  return { ok: true, hostname: ascii };
}

/** How a stored hostname is shown: internationalised names in their own letters. */
export function displayHostname(hostname: string): string {
  try {
    return toUnicode(hostname);
  } catch {
    return hostname;
  }
}
