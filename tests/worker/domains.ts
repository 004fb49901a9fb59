import { env, exports } from "cloudflare:workers";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { textOf } from "../support/html";
import { newPerson, signUp } from "./accounts";
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
