import { describe, expect, it } from "vitest";
import {
  decodeCursor,
  encodeCursor,
  listQuery,
  listSearch,
  slugOfShortLink,
} from "../../app/codes/listing";
import { checkTag } from "../../app/codes/tags";

// The code list's query string and tag rule (issue #29): pure, so every edge is cheap to name.

describe("the code list's query", () => {
  it("reads known values and ignores the rest", () => {
    const query = listQuery(
      new URLSearchParams("q=%20menu%20&type=wifi&kind=maybe&sort=scans&tag=Spring"),
    );
    expect(query).toMatchObject({
      q: "menu",
      type: "wifi",
      kind: null,
      sort: "scans",
      tag: "spring",
    });
    expect(listQuery(new URLSearchParams("type=nope&sort=random"))).toMatchObject({
      type: null,
      sort: "newest",
    });
  });

  it("round-trips a cursor only for the sort it was made for", () => {
    const cursor = { key: "Lunch menu", id: 42 };
    const encoded = encodeCursor(cursor, "name");
    expect(decodeCursor(encoded, "name")).toEqual(cursor);
    expect(decodeCursor(encoded, "newest")).toBeNull();
    expect(decodeCursor(encodeCursor({ key: 5, id: 0 }, "scans"), "scans")).toBeNull();
    expect(decodeCursor("not base64!", "newest")).toBeNull();
  });

  it("writes the query back without its defaults", () => {
    const query = listQuery(new URLSearchParams("q=a&sort=newest"));
    expect(listSearch(query)).toBe("?q=a");
    expect(listSearch(query, { after: { key: 1, id: 2 } })).toMatch(/^\?q=a&after=/);
  });

  it("finds the slug of a pasted short link", () => {
    expect(slugOfShortLink("https://qr.example.com/s/AbCdEf1234")).toBe("AbCdEf1234");
    expect(slugOfShortLink("menu")).toBeNull();
  });
});

describe("a tag", () => {
  it("is trimmed, spaced once and lower case", () => {
    expect(checkTag("  Spring   Menu ")).toEqual({ ok: true, tag: "spring menu" });
    expect(checkTag("été-2026")).toEqual({ ok: true, tag: "été-2026" });
  });

  it("is refused empty, too long or with other characters, saying why", () => {
    expect(checkTag(" ")).toMatchObject({ ok: false, message: "Please write a tag name." });
    expect(checkTag("x".repeat(31))).toMatchObject({ ok: false });
    expect(checkTag("a/b")).toMatchObject({ ok: false });
    expect(checkTag("-lead")).toMatchObject({ ok: false });
  });
});
