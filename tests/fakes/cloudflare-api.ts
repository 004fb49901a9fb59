import type http from "node:http";
import { freePorts, serveOnLoopback } from "./ports";

// A small stand-in for Cloudflare for SaaS's Custom Hostnames API
// (/client/v4/zones/{zone}/custom_hostnames: create, edit, delete) on loopback, for the worker
// tests of the vendors project (Vitest globalSetup, in Node). The app's own client
// (app/domains/provider.server.ts) talks to it through CLOUDFLARE_API_BASE with the same
// envelopes, statuses and error codes as Cloudflare.
//
// A new hostname starts as Cloudflare starts one: pending, its certificate pending validation,
// and "custom hostname does not CNAME to this zone." until the customer's DNS is right. Tests play
// the customer and Cloudflare through /__control/: they set a hostname's state (active, blocked,
// certificate errors), register one as another Cloudflare customer would, make it fail with a 500,
// or delete it behind the app's back. Misbehaviour is per hostname, never a global switch, so test
// files running side by side cannot disturb each other; a hostname starting with "outage." cannot
// even be created.

interface Hostname {
  id: string;
  hostname: string;
  status: string;
  ssl: {
    id: string;
    type: string;
    method: string;
    status: string;
    settings: Record<string, unknown>;
    validation_errors?: { message: string }[];
  };
  verification_errors?: string[];
  created_at: string;
  /** Control only: answer 500 to anything about this hostname. */
  outage?: boolean;
}

const TOKEN = /^Bearer [\w-]{20,}$/;
const ZONE = /^[0-9a-f]{32}$/;
const NOT_CNAMED = "custom hostname does not CNAME to this zone.";

const byId = new Map<string, Hostname>();
/** Requests per hostname and method, so tests can tell what the app asked. */
const calls: { method: string; hostname: string }[] = [];

function find(hostname: string) {
  return [...byId.values()].find((entry) => entry.hostname === hostname);
}

function send(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

function ok(response: http.ServerResponse, result: unknown) {
  send(response, 200, { success: true, errors: [], messages: [], result });
}

function failure(response: http.ServerResponse, status: number, code: number, message: string) {
  send(response, status, {
    success: false,
    errors: [{ code, message }],
    messages: [],
    result: null,
  });
}

/** What the API answers: the record without the control flags. */
function shown(entry: Hostname) {
  const { outage: _outage, ...rest } = entry;
  return rest;
}

function create(hostname: string, ssl: Partial<Hostname["ssl"]> = {}): Hostname {
  const entry: Hostname = {
    id: crypto.randomUUID(),
    hostname,
    status: "pending",
    ssl: {
      id: crypto.randomUUID(),
      type: ssl.type ?? "dv",
      method: ssl.method ?? "http",
      status: "pending_validation",
      settings: ssl.settings ?? {},
    },
    verification_errors: [NOT_CNAMED],
    created_at: new Date().toISOString(),
  };
  byId.set(entry.id, entry);
  return entry;
}

/** Tests set a hostname's state as Cloudflare would report it. */
interface ControlPatch {
  status?: string;
  sslStatus?: string;
  verificationErrors?: string[];
  sslErrors?: string[];
  outage?: boolean;
}

function control(
  request: http.IncomingMessage,
  url: URL,
  body: string,
  response: http.ServerResponse,
) {
  const name = decodeURIComponent(url.pathname.slice("/__control/hostnames/".length));
  if (request.method === "GET" && url.pathname === "/__control/calls") {
    const hostname = url.searchParams.get("hostname");
    return send(response, 200, { calls: calls.filter((call) => call.hostname === hostname) });
  }
  if (!url.pathname.startsWith("/__control/hostnames/") || !name) {
    return failure(response, 404, 7003, "No route for that URI");
  }
  const entry = find(name);
  if (request.method === "GET") {
    return entry ? send(response, 200, shown(entry)) : send(response, 404, { error: "unknown" });
  }
  if (request.method === "DELETE") {
    if (entry) byId.delete(entry.id);
    return send(response, 200, { deleted: Boolean(entry) });
  }
  // PUT: creates the hostname if needed (as another customer of the zone would), then applies.
  const target = entry ?? create(name);
  const patch = (body ? JSON.parse(body) : {}) as ControlPatch;
  if (patch.status !== undefined) target.status = patch.status;
  if (patch.sslStatus !== undefined) target.ssl.status = patch.sslStatus;
  if (patch.verificationErrors !== undefined) target.verification_errors = patch.verificationErrors;
  if (patch.sslErrors !== undefined) {
    target.ssl.validation_errors = patch.sslErrors.map((message) => ({ message }));
  }
  if (patch.outage !== undefined) target.outage = patch.outage;
  send(response, 200, shown(target));
}

function handle(request: http.IncomingMessage, body: string, response: http.ServerResponse) {
  const url = new URL(request.url ?? "/", "http://fake");
  if (url.pathname.startsWith("/__control/")) return control(request, url, body, response);
  const match = /^\/client\/v4\/zones\/([^/]+)\/custom_hostnames(?:\/([^/]+))?$/.exec(url.pathname);
  if (!match) return failure(response, 404, 7003, "No route for that URI");
  if (!TOKEN.test(request.headers.authorization ?? "")) {
    return failure(response, 403, 10000, "Authentication error");
  }
  if (!ZONE.test(match[1]!)) return failure(response, 400, 7003, "Could not route to /zones");
  const id = match[2] ? decodeURIComponent(match[2]) : undefined;
  let input: { hostname?: string; ssl?: Partial<Hostname["ssl"]> } = {};
  try {
    if (body) input = JSON.parse(body) as typeof input;
  } catch {
    return failure(response, 400, 1000, "Invalid JSON in request body");
  }

  if (request.method === "POST" && !id) {
    const hostname = String(input.hostname ?? "").toLowerCase();
    calls.push({ method: "POST", hostname });
    if (hostname.startsWith("outage.")) {
      return failure(response, 500, 1002, "Internal server error");
    }
    if (!/^[a-z0-9.-]+\.[a-z0-9-]+$/.test(hostname)) {
      return failure(response, 400, 1409, "Custom hostname is not a valid hostname.");
    }
    if (find(hostname)) return failure(response, 409, 1406, "Duplicate custom hostname found.");
    if (!input.ssl?.method || !input.ssl?.type) {
      return failure(response, 400, 1407, "SSL settings are required.");
    }
    return ok(response, shown(create(hostname, input.ssl)));
  }

  const entry = id ? byId.get(id) : undefined;
  if (!id || !["PATCH", "DELETE", "GET"].includes(request.method ?? "")) {
    return failure(response, 405, 10405, "Method not allowed");
  }
  if (!entry) return failure(response, 404, 1436, "Custom hostname not found.");
  calls.push({ method: request.method!, hostname: entry.hostname });
  if (entry.outage) return failure(response, 500, 1002, "Internal server error");
  if (request.method === "DELETE") {
    byId.delete(entry.id);
    return ok(response, { id: entry.id });
  }
  if (request.method === "PATCH" && input.ssl?.settings) entry.ssl.settings = input.ssl.settings;
  ok(response, shown(entry));
}

/** Where the fake listens: chosen once per run, shared with the Vitest config via process.env. */
export async function fakeCloudflareApiBase(): Promise<string> {
  process.env.FAKE_CLOUDFLARE_PORT ??= String((await freePorts(1))[0]);
  return `http://127.0.0.1:${process.env.FAKE_CLOUDFLARE_PORT}`;
}

export default async function startFakeCloudflareApi() {
  return serveOnLoopback(Number(new URL(await fakeCloudflareApiBase()).port), handle);
}
