import { expect } from "vitest";
import { appFetch } from "./app";

// Reading the local outbox (/dev/mail, demo mode is on in the test configuration), as a person
// reads their inbox.

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
}

/** Every e-mail sent so far, newest first. */
export async function outbox(): Promise<Mail[]> {
  const response = await appFetch("/dev/mail?format=json");
  expect(response.status).toBe(200);
  return response.json<Mail[]>();
}

/** The newest e-mail to `address` whose subject matches, or undefined. */
export async function latestMail(address: string, subject: RegExp): Promise<Mail | undefined> {
  return (await outbox()).find((mail) => mail.to === address && subject.test(mail.subject));
}

/** The path and query of the first link in the newest matching e-mail (it must exist). */
export async function linkFrom(address: string, subject: RegExp): Promise<string> {
  const mail = await latestMail(address, subject);
  expect(mail, `an e-mail to ${address} matching ${subject}`).toBeDefined();
  const url = new URL(mail!.links[0]!);
  return url.pathname + url.search;
}
