import { describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { newPerson, signUp } from "./accounts";
import { appFetch, newAddress, ORIGIN } from "./app";

// Issue #27, item 14: every route family has one body limit, enforced before routing, for bodies
// that declare their length and for chunked ones as they stream. Over it: a 413 with a message
// in the family's language, and the body is never read whole.

const MB = 1024 * 1024;
const CHUNK = 16 * 1024;

/** A body of `total` bytes that is produced only as it is read; `pulled()` says how much was. */
function lazyBody(total: number, byte = 0x20) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) {
        controller.close();
        return;
      }
      const size = Math.min(CHUNK, total - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(byte));
    },
  });
  return { stream, pulled: () => sent };
}

/** The same lazy body, with its length declared (Content-Length) as a browser would send it. */
function declaredBody(total: number, byte = 0x20) {
  const lazy = lazyBody(total, byte);
  const fixed = new FixedLengthStream(total);
  lazy.stream.pipeTo(fixed.writable).catch(() => {});
  return { stream: fixed.readable, pulled: lazy.pulled };
}

function post(path: string, body: ReadableStream, headers: Record<string, string> = {}) {
  return appFetch(path, {
    method: "POST",
    body,
    duplex: "half",
    headers: { Origin: ORIGIN, "CF-Connecting-IP": newAddress(), ...headers },
  } as RequestInit);
}

describe("request bodies", () => {
  it("refuses a 60 MB JSON sign-up by its Content-Length, without reading it", async () => {
    const body = declaredBody(60 * MB);
    const response = await post("/api/auth/signup", body.stream, {
      "Content-Type": "application/json",
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({
      message: "The request body is larger than 64 KB.",
    });
    // Refused unread: only what the pipes buffer ahead (a few chunks) was ever produced.
    expect(body.pulled()).toBeLessThan(256 * 1024);
  });

  it("cuts off a chunked 60 MB JSON sign-up as it streams, with the same 413", async () => {
    const body = lazyBody(60 * MB);
    const response = await post("/api/auth/signup", body.stream, {
      "Content-Type": "application/json",
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      message: "The request body is larger than 64 KB.",
    });
    expect(body.pulled()).toBeLessThan(1 * MB);
  });

  it("cuts off a chunked 5 MB post to the dashboard with a page that says why", async () => {
    const { cookie } = await signUp();
    const body = lazyBody(5 * MB, 0x61);
    const response = await post("/dashboard", body.stream, {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: cookie,
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(textOf(await response.text())).toContain(
      "The upload is larger than 3 MB. Choose smaller files.",
    );
    expect(body.pulled()).toBeLessThan(4 * MB);
  });

  it("answers the public API in problem+json, before the key is even looked at", async () => {
    const response = await post("/api/v1/images", declaredBody(6 * MB).stream, {
      "Content-Type": "application/json",
      Authorization: "Bearer qrc_nothing",
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("Content-Type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({
      status: 413,
      code: "payload_too_large",
      detail: "Request bodies can be at most 5 MB.",
    });
  });

  it("lets a chunked body under the limit through whole", async () => {
    const json = new TextEncoder().encode(JSON.stringify(newPerson("chunked")));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(json.slice(0, 10));
        controller.enqueue(json.slice(10));
        controller.close();
      },
    });
    const response = await post("/api/auth/signup", stream, {
      "Content-Type": "application/json",
    });
    expect(response.status).toBe(201);
  });

  it("judges a path as the router does: decoded, case ignored", async () => {
    // /%44ashboard is the dashboard to the router, so the dashboard's 3 MB apply, not 64 KB.
    const { cookie } = await signUp();
    const response = await post("/%44ashboard", lazyBody(2 * MB, 0x61).stream, {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: cookie,
    });
    expect(response.status).not.toBe(413);
  });
});
