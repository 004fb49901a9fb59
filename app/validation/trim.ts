// Trimming runs of characters from a string's ends in linear time (issue #27, item 15). A regex
// like /[.\s]+$/ is retried by a backtracking engine from every character of a long run that is
// not at the end, so its cost grows with the square of the input (2.7 s at 80,000 characters).

/** `text` without the characters of `set` at its start and end (or only at its `end`). */
export function trimChars(text: string, set: string, ends: "both" | "end" = "both"): string {
  let start = 0;
  let end = text.length;
  if (ends === "both") {
    while (start < end && set.includes(text[start]!)) start += 1;
  }
  while (end > start && set.includes(text[end - 1]!)) end -= 1;
  return text.slice(start, end);
}
