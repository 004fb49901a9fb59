// The pseudo-locale (issue #32): every letter accented and each message 40% longer, so that text
// which skipped translation stands out and layouts are tried with long words. Placeholders,
// plural arms' keywords and the numbered tags of rich text are kept as they are. Pure.

const ACCENTS: Record<string, string> = {
  a: "å",
  b: "ƀ",
  c: "ç",
  d: "đ",
  e: "é",
  f: "ƒ",
  g: "ĝ",
  h: "ĥ",
  i: "î",
  j: "ĵ",
  k: "ķ",
  l: "ļ",
  m: "ɱ",
  n: "ñ",
  o: "ö",
  p: "þ",
  r: "ŕ",
  s: "š",
  t: "ţ",
  u: "û",
  w: "ŵ",
  y: "ý",
  z: "ž",
  A: "Å",
  B: "Ɓ",
  C: "Ç",
  D: "Đ",
  E: "É",
  F: "Ƒ",
  G: "Ĝ",
  H: "Ĥ",
  I: "Î",
  J: "Ĵ",
  K: "Ķ",
  L: "Ļ",
  M: "Ḿ",
  N: "Ñ",
  O: "Ö",
  P: "Þ",
  R: "Ŕ",
  S: "Š",
  T: "Ţ",
  U: "Û",
  W: "Ŵ",
  Y: "Ý",
  Z: "Ž",
};

const FILLER = "ŀöŕéɱ îþšûɱ đöļöŕ šîţ åɱéţ çöñšéçţéţûŕ åđîþîšçîñĝ éļîţ";

/** The pseudo-locale's version of one ICU message. */
export function pseudoMessage(message: string): string {
  let out = "";
  let depth = 0;
  let letters = 0;
  for (let i = 0; i < message.length; i++) {
    const char = message.charAt(i);
    if (char === "{") depth++;
    else if (char === "}") depth--;
    else if (char === "<" && depth % 2 === 0) {
      // A rich-text tag such as <0> or </0> is copied whole.
      const end = message.indexOf(">", i);
      if (end !== -1 && /^<\/?\w+\/?>$/.test(message.slice(i, end + 1))) {
        out += message.slice(i, end + 1);
        i = end;
        continue;
      }
    } else if (depth % 2 === 0 && char !== "#") {
      const accented = ACCENTS[char];
      if (accented) letters++;
      out += accented ?? char;
      continue;
    }
    out += char;
  }
  const extra = Math.ceil(letters * 0.4);
  return extra
    ? `${out} ${FILLER.repeat(Math.ceil(extra / FILLER.length) + 1)
        .slice(0, extra)
        .trim()}`
    : out;
}
