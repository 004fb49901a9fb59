import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { cookieFrom, newPerson, postJson } from "./accounts";
import { documented } from "./api-contract";
import { appFetch, generate, newAddress, ORIGIN } from "./app";

// A customer of the public API, as the worker tests play one: a person on a plan, keys made on
// the dashboard's API tab, and calls whose answers must match the OpenAPI document.

export interface Person {
  id: string;
  email: string;
  cookies: string;
}

export async function person(plan: "free" | "premium" | "ultimate" = "ultimate"): Promise<Person> {
  const details = newPerson("api");
  const response = await postJson("/api/auth/signup", { ...details, plan });
  expect(response.status).toBe(201);
  const { id } = await response.json<{ id: string }>();
  return { id, email: details.email, cookies: cookieFrom(response, "qr_session")! };
}

export function apiTabPost(
  who: Person,
  fields: Record<string, string | string[]>,
  workspace?: string,
) {
  const form = new URLSearchParams({ workspace: workspace ?? personalWorkspaceId(who.id) });
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  return appFetch("/dashboard?tab=api", {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: who.cookies },
    body: form,
  });
}

/** An answer's JSON, read freely: `documented` has already checked it against its schema. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Answer = Record<string, any>;

export const KEY = /qrc_[0-9A-Za-z]{40}/;

export async function makeKey(
  who: Person,
  {
    name = "Print pipeline",
    scopes = ["codes:read", "codes:write", "analytics:read"],
    expiresOn = "",
  } = {},
): Promise<string> {
  const response = await apiTabPost(who, { intent: "create-key", name, scopes, expiresOn });
  expect(response.status).toBe(200);
  const key = KEY.exec(await response.text())?.[0];
  expect(key).toBeDefined();
  return key!;
}

export function api(
  key: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return appFetch(`/api/v1${path}`, {
    method,
    headers: {
      "CF-Connecting-IP": newAddress(),
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A call whose answer must be documented; returns the status and the body. */
export async function call(
  key: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await api(key, method, path, body, headers);
  const { json, bytes } = await documented(method, `/api/v1${path}`, response);
  return {
    status: response.status,
    headers: response.headers,
    json: json as Answer,
    bytes,
  };
}

/** Saves a tracked website code through the generate endpoint; its id and short link's slug. */
export async function saveTrackedCode(
  who: Person,
  url = "https://example.com/menu",
  title = "Menu",
): Promise<{ id: number; slug: string }> {
  const response = await generate(
    {
      type: "url",
      data: { url },
      customization: { size: 256 },
      title,
      save: "true",
      trackScans: "true",
    },
    { cookie: who.cookies, headers: { Origin: ORIGIN } },
  );
  expect(response.status).toBe(200);
  const { id } = await response.json<{ id: number }>();
  const slug = (await env.DB.prepare("SELECT slug FROM tracked_links WHERE qr_code_id = ?")
    .bind(id)
    .first<string>("slug"))!;
  return { id, slug };
}
