import { afterEach, expect, it, vi } from "vitest";
import { signUp } from "./accounts";
import { appFetch } from "./app";

afterEach(() => vi.restoreAllMocks());

function requestLines(spy: ReturnType<typeof vi.spyOn>) {
  return spy.mock.calls
    .map(([line]: unknown[]) => JSON.parse(String(line)) as Record<string, unknown>)
    .filter((line: Record<string, unknown>) => line.event === "request");
}

it("logs one JSON line per request with its id, route, status, time and user, nothing personal", async () => {
  const { person, cookie } = await signUp();
  const info = vi.spyOn(console, "info").mockImplementation(() => {});
  const response = await appFetch("/api/qr-codes/12345/download?format=png&secret=content", {
    headers: { Cookie: cookie, "CF-Connecting-IP": "198.51.100.77" },
  });
  const lines = requestLines(info);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toEqual({
    level: "info",
    event: "request",
    requestId: response.headers.get("X-Request-Id"),
    method: "GET",
    route: "/api/qr-codes/:id/download",
    status: response.status,
    durationMs: expect.any(Number),
    userId: expect.any(String),
  });
  const text = JSON.stringify(info.mock.calls);
  expect(text).not.toContain(person.email);
  expect(text).not.toContain("198.51.100.77");
  expect(text).not.toContain("secret=content");
});

it("logs visitors' requests without a user id", async () => {
  const info = vi.spyOn(console, "info").mockImplementation(() => {});
  await appFetch("/privacy");
  expect(requestLines(info)).toEqual([expect.not.objectContaining({ userId: expect.anything() })]);
});
