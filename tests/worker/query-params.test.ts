import { beforeAll, describe, expect, it } from "vitest";
import { textOf } from "../support/html";
import { api, makeKey, person } from "./api-client";
import { appFetch, newAddress } from "./app";

// Issue #27, item 19: `/dashboard?page=1e308` answered 500 (the offset became Infinity). Every
// page number and list parameter is clamped to what exists, and nothing a query string or a path
// segment says produces a 500.

const HOSTILE = [
  "1e308",
  "-1",
  "0",
  "NaN",
  "Infinity",
  "9999999999999999999",
  "0x10",
  "abc",
  "",
  "%00",
  "a".repeat(5000),
];

/** Pages and their list, page and id parameters; `{v}` marks a path segment. */
const PAGES: { path: string; params: string[] }[] = [
  { path: "/dashboard", params: ["page", "delete", "tab"] },
  { path: "/dashboard?tab=team", params: ["page"] },
  { path: "/dashboard?tab=api", params: ["page"] },
  { path: "/dashboard?tab=domains", params: ["page"] },
  { path: "/dashboard?tab=plans", params: ["change", "cancel"] },
  { path: "/dashboard/codes/{v}", params: ["page"] },
  { path: "/support", params: ["page"] },
  { path: "/support/{v}", params: [] },
  { path: "/staff/support/{v}", params: [] },
  { path: "/bulk", params: ["intent", "page"] },
  { path: "/bulk/{v}", params: [] },
  { path: "/bulk/{v}/download", params: ["part"] },
  { path: "/bulk/template.csv", params: ["type"] },
  { path: "/api/qr-codes/{v}/download", params: ["format", "size"] },
  { path: "/api/qr-codes", params: ["page", "limit"] },
  { path: "/api/analytics", params: ["page", "days"] },
  { path: "/", params: ["notice", "logo", "type", "size"] },
  { path: "/download.png", params: ["size", "logo", "url"] },
  { path: "/faq", params: ["category"] },
  { path: "/pricing", params: ["usage", "a", "quiz"] },
  { path: "/checkout", params: ["plan"] },
  { path: "/payment-success", params: ["plan"] },
  { path: "/auth", params: ["plan", "mode", "redirect"] },
  { path: "/signin", params: ["reason", "tab", "mode"] },
  { path: "/dev/mail", params: ["format"] },
  { path: "/account", params: ["page"] },
];

/** Every way each parameter can be hostile: a bad value, alone or after a good one. */
function hostileUrls(path: string, params: string[]): string[] {
  const urls: string[] = [];
  for (const value of HOSTILE) {
    const segment = path.replaceAll("{v}", encodeURIComponent(value) || "%20");
    const join = segment.includes("?") ? "&" : "?";
    if (path.includes("{v}")) urls.push(segment);
    for (const name of params) {
      urls.push(`${segment}${join}${name}=${encodeURIComponent(value)}`);
      urls.push(`${segment}${join}${name}=1&${name}=${encodeURIComponent(value)}`);
    }
  }
  return urls;
}

describe("hostile query strings", () => {
  let owner: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    owner = await person("ultimate");
  });

  it.each(PAGES)("never answer 500 on $path", async ({ path, params }) => {
    const failures: string[] = [];
    for (const url of hostileUrls(path, params)) {
      const response = await appFetch(url, {
        headers: { "CF-Connecting-IP": newAddress(), Cookie: owner.cookies },
      });
      await response.body?.cancel();
      if (response.status >= 500) failures.push(`${response.status} ${url}`);
    }
    expect(failures.join("\n")).toBe("");
  });

  it("never answer 500 on the public API's list, id and image parameters", async () => {
    const owner = await person("ultimate");
    const key = await makeKey(owner);
    const made = await api(key, "POST", "/qr-codes", {
      type: "url",
      title: "Params",
      data: { url: "https://example.com/params" },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { id } = await made.json<{ id: number }>();
    const failures: string[] = [];
    const paths = [
      ...HOSTILE.flatMap((v) => [
        `/qr-codes?limit=${encodeURIComponent(v)}`,
        `/qr-codes?starting_after=${encodeURIComponent(v)}`,
        `/qr-codes?limit=1&limit=${encodeURIComponent(v)}`,
        `/qr-codes/${encodeURIComponent(v) || "%20"}`,
        `/qr-codes/${id}/image?size=${encodeURIComponent(v)}`,
        `/qr-codes/${id}/image?format=${encodeURIComponent(v)}`,
        `/qr-codes/${id}/analytics?from=${encodeURIComponent(v)}`,
        `/qr-codes/${id}/analytics?to=${encodeURIComponent(v)}`,
        `/bulk-jobs/${encodeURIComponent(v) || "%20"}`,
        `/webhooks/${encodeURIComponent(v) || "%20"}`,
      ]),
    ];
    for (const path of paths) {
      const response = await api(key, "GET", path);
      await response.body?.cancel();
      if (response.status >= 500) failures.push(`${response.status} ${path}`);
    }
    expect(failures.join("\n")).toBe("");
  });

  it("clamps a page past the end to the last page that exists", async () => {
    const owner = await person("ultimate");
    const key = await makeKey(owner);
    const made = await api(key, "POST", "/qr-codes", {
      type: "url",
      title: "The only code",
      data: { url: "https://example.com/only" },
    });
    expect(made.status).toBe(201);
    for (const page of ["1e308", "9999999999999999999", "2"]) {
      const response = await appFetch(`/dashboard?page=${page}`, {
        headers: { Cookie: owner.cookies },
      });
      expect(response.status, page).toBe(200);
      expect(textOf(await response.text()), page).toContain("The only code");
    }
  });

  it("shows no sign-up notice for a reason named like an object's own property", async () => {
    for (const reason of ["__proto__", "constructor", "toString"]) {
      const response = await appFetch(`/signin?reason=${reason}`);
      expect(response.status, reason).toBe(200);
      expect(await response.text(), reason).not.toContain('role="note"');
    }
    const known = await (await appFetch("/signin?reason=logo")).text();
    expect(known).toContain('role="note"');
    expect(textOf(known)).toContain("Sign up to add your logo");
  });
});
