import { expect, test } from "@playwright/test";

// `npm start` itself (issue #27, item 12): whatever the Worker answers reaches the client. Under
// `vite preview` about one request in four that the Worker refused before reading its body came
// back as the proxy's HTML 500 ("TypeError: fetch failed"), and API clients retry on a 5xx. Served
// by workerd alone, a form or a stream still being sent when the answer came failed with EPIPE.
// Plain Node `fetch` here, as an API client calls: the browser is not involved.

const REFUSALS = 200;

/** A body of `size` bytes: JSON, a form, or a stream sent chunked (no Content-Length). */
function body(index: number, size: number): RequestInit {
  const text = JSON.stringify({ type: "url", data: "x".repeat(size) });
  switch (index % 3) {
    case 0:
      return { body: text, headers: { "Content-Type": "application/json" } };
    case 1: {
      const form = new FormData();
      form.set("logo", new Blob([new Uint8Array(size)], { type: "image/png" }), "logo.png");
      return { body: form };
    }
    default:
      return {
        body: new Blob([text]).stream(),
        headers: { "Content-Type": "application/json" },
        duplex: "half",
      } as RequestInit;
  }
}

/** The status and type of the answer, its problem code, or the error when none came. */
async function answerTo(url: URL, init: RequestInit): Promise<string> {
  try {
    const response = await fetch(url, { method: "POST", ...init });
    const text = await response.text();
    const type = response.headers.get("Content-Type");
    const code = type === "application/problem+json" ? JSON.parse(text).code : "";
    return `${response.status} ${type} ${code}`;
  } catch (error) {
    return `no answer: ${(error as Error).cause ?? error}`;
  }
}

test("every POST the Worker refuses early gets the Worker's own answer", async ({
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "no browser involved: once is enough");
  const answers = new Map<string, number>();
  for (let index = 0; index < REFUSALS; index++) {
    const size = [10, 1_000, 20_000, 64_000][index % 4]!;
    const path = index % 2 ? "/api/v1/images" : "/api/v1/qr-codes";
    // Without a key: the Worker answers 401 before it reads a byte of the body.
    const answer = await answerTo(new URL(path, baseURL), body(index, size));
    answers.set(answer, (answers.get(answer) ?? 0) + 1);
  }
  expect(Object.fromEntries(answers)).toEqual({
    "401 application/problem+json unauthorized": REFUSALS,
  });
});

test("other hosts than localhost, .test and .localhost names are refused (DNS rebinding)", async ({
  request,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "no browser involved: once is enough");
  const rebound = await request.get("/", { headers: { Host: "rebinding.example" } });
  expect(rebound.status()).toBe(403);
  const customer = await request.get("/favicon.svg", { headers: { Host: "qr.brand.test" } });
  expect(customer.status()).toBe(200);
});
