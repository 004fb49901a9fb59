import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { textOf } from "../support/html";
import { newPerson, signUp } from "./accounts";
import { appFetch, ORIGIN } from "./app";
import { landOn, postForm } from "./forms";

// Helpers for the custom-domain tests (issue #18): a person with a plan, the Domains tab's forms
// without JavaScript, and requests on a customer's hostname.

export interface Person {
  id: string;
  cookie: string;
}

export async function person(plan: "free" | "premium" | "ultimate" = "premium"): Promise<Person> {
  const { cookie, response } = await signUp({ ...newPerson("domains"), plan });
  const { id } = await response.json<{ id: string }>();
  return { id, cookie };
}

export const DOMAINS_TAB = "/dashboard?tab=domains";

export function domainPost(who: Person, fields: Record<string, string>) {
  return postForm(DOMAINS_TAB, { workspace: personalWorkspaceId(who.id), ...fields }, who.cookie);
}

/** Posts a form and reads the page it leads to (after the redirect) or the refusal. */
export async function readAnswer(who: Person, response: Response) {
  return response.status === 303 ? landOn(response, who.cookie) : textOf(await response.text());
}

export async function addDomain(who: Person, hostname: string) {
  const response = await domainPost(who, { intent: "add-domain", hostname });
  return { response, text: await readAnswer(who, response) };
}

export async function checkNow(who: Person, id: string) {
  const response = await domainPost(who, { intent: "check-domain", domain: id });
  return { response, text: await readAnswer(who, response) };
}

export async function domainId(hostname: string): Promise<string> {
  const row = await env.DB.prepare("SELECT id FROM custom_domains WHERE hostname = ?")
    .bind(hostname)
    .first<{ id: string }>();
  return row!.id;
}

/** A request on a customer's hostname, as Cloudflare for SaaS delivers it to the Worker. */
export function onHost(hostname: string, path: string, init: RequestInit = {}) {
  return exports.default.fetch(
    new Request(`https://${hostname}${path}`, { redirect: "manual", ...init }),
  );
}

/** A domain added and activated by its first check (TEST MODE); its id. */
export async function activeDomain(who: Person, hostname: string): Promise<string> {
  const added = await addDomain(who, hostname);
  expect(added.response.status, added.text).toBe(303);
  const id = await domainId(hostname);
  expect((await checkNow(who, id)).text).toContain(`${hostname} is active`);
  return id;
}

/** Saves a tracked website code from the generator's form; returns its id and short link. */
export async function saveTracked(who: Person, url: string, linkDomain = "") {
  const response = await appFetch("/?index", {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: who.cookie },
    body: new URLSearchParams({
      type: "url",
      url,
      size: "256",
      fg: "000000",
      bg: "ffffff",
      title: `Code for ${url}`,
      trackScans: "on",
      linkDomain,
    }),
  });
  expect(response.status).toBe(303);
  const row = await env.DB.prepare(
    "SELECT q.id, t.slug FROM qr_codes q JOIN tracked_links t ON t.qr_code_id = q.id WHERE q.title = ?",
  )
    .bind(`Code for ${url}`)
    .first<{ id: number; slug: string }>();
  return { response, code: row };
}
