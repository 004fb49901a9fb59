// Just enough HTML reading for server-rendered pages: the tests look at what a person would see.

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X"))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** The text of an HTML fragment with tags, comments and scripts removed and spaces collapsed. */
export function textOf(html: string): string {
  return decodeEntities(
    html
      .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

export interface HtmlLink {
  href: string;
  text: string;
  attributes: string;
}

export function linksOf(html: string): HtmlLink[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi)].map((match) => ({
    attributes: match[1] ?? "",
    href: decodeEntities(/\bhref="([^"]*)"/.exec(match[1] ?? "")?.[1] ?? ""),
    text: textOf(match[2] ?? ""),
  }));
}

/** The first element of a tag name's text, e.g. the page's <h1>. */
export function firstText(html: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, "i").exec(html);
  return match ? textOf(match[1] ?? "") : undefined;
}
