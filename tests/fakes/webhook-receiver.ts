import type http from "node:http";
import { freePorts, serveOnLoopback } from "./ports";

// A customer's webhook receiver on loopback (issue #19), for the worker tests (Vitest globalSetup,
// in Node) and the e2e spec. It keeps every delivery with its headers and body; tests read them
// under /__control/deliveries?path=/hook/NAME.
//
// It misbehaves by path, never through a global switch, so that test files running side by side
// cannot disturb each other: /hook/fail… answers 500 with a 5 KB body, /hook/gone… 410,
// /hook/redirect… 302, and /hook/slow… never answers.

export interface ReceivedDelivery {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** When it arrived, in milliseconds since the epoch. */
  at: number;
}

export function webhookReceiver() {
  const received: ReceivedDelivery[] = [];
  function handle(request: http.IncomingMessage, body: string, response: http.ServerResponse) {
    const url = new URL(request.url ?? "/", "http://receiver");
    if (request.method === "GET" && url.pathname === "/__control/deliveries") {
      const path = url.searchParams.get("path");
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(received.filter((delivery) => delivery.path === path)));
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers[name] = value;
    }
    received.push({ path: url.pathname, headers, body, at: Date.now() });
    const name = url.pathname.split("/").at(-1) ?? "";
    if (name.startsWith("slow")) return; // never answers: the sender's timeout ends it
    if (name.startsWith("fail")) {
      response.writeHead(500, { "Content-Type": "text/plain" });
      response.end(`Receiver is down. ${"x".repeat(5000)}`);
      return;
    }
    if (name.startsWith("gone")) {
      response.writeHead(410, { "Content-Type": "text/plain" });
      response.end("This hook was deleted.");
      return;
    }
    if (name.startsWith("redirect")) {
      response.writeHead(302, { Location: "http://127.0.0.1:1/elsewhere" });
      response.end();
      return;
    }
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end('{"received":true}');
  }
  return { handle, received };
}

/** Where the worker tests' receiver listens: chosen once per run, shared through process.env. */
export async function fakeWebhookReceiverBase(): Promise<string> {
  process.env.FAKE_WEBHOOK_PORT ??= String((await freePorts(1))[0]);
  return `http://127.0.0.1:${process.env.FAKE_WEBHOOK_PORT}`;
}

export default async function startWebhookReceiver() {
  return serveOnLoopback(
    Number(new URL(await fakeWebhookReceiverBase()).port),
    webhookReceiver().handle,
  );
}
