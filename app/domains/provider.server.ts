import { env } from "cloudflare:workers";
import type { DomainStatus } from "../db/schema";
import { phrase, type Phrase } from "../i18n/phrase";
import { describeError, log } from "../observability/log.server";
import { type DomainSettings, resolveDomainSettings } from "./settings";

// The custom-hostname provider port (issue #18): Cloudflare for SaaS's Custom Hostnames API
// (create, get, re-validate, delete), or the TEST MODE simulator of local runs. Routes and jobs
// talk only to this.

export interface HostnameState {
  providerId: string;
  status: DomainStatus;
  /** The provider's words for the hostname and its certificate, shown as they are. */
  hostnameStatus: string;
  certificateStatus: string;
  /** What stops the hostname, in the provider's words (verification and validation errors). */
  problems: string[];
}

export interface DomainProvider {
  readonly name: "cloudflare" | "simulated" | "unavailable";
  create(hostname: string): Promise<HostnameState>;
  /** Asks again (and restarts validation); null when the provider no longer has it. */
  check(providerId: string): Promise<HostnameState | null>;
  remove(providerId: string): Promise<void>;
}

/**
 * The provider refused (409 or 422: the hostname) or could not be reached (503); `message` is for
 * the person.
 */
export class DomainProviderError extends Error {
  constructor(
    message: string,
    readonly status: 409 | 422 | 503 = 503,
    /** The message for a page (integrations.domains.provider.*). */
    readonly phrase?: Phrase,
  ) {
    super(message);
    this.name = "DomainProviderError";
  }
}

let settings: DomainSettings | undefined;

/**
 * The deployment's domain settings, read once per isolate: every request asks them first
 * (app/domains/hosts.server.ts), and a Worker's variables do not change while it runs.
 */
export function getDomainSettings(): DomainSettings {
  const raw = env as unknown as Record<string, string | undefined>;
  settings ??= resolveDomainSettings(
    {
      CLOUDFLARE_ZONE_ID: raw.CLOUDFLARE_ZONE_ID,
      CLOUDFLARE_API_TOKEN: raw.CLOUDFLARE_API_TOKEN,
      CLOUDFLARE_API_BASE: raw.CLOUDFLARE_API_BASE,
      CUSTOM_DOMAIN_TARGET: raw.CUSTOM_DOMAIN_TARGET,
      APP_HOSTNAME: raw.APP_HOSTNAME,
    },
    raw.ENVIRONMENT || "development",
  );
  return settings;
}

export function getDomainProvider(): DomainProvider {
  const settings = getDomainSettings();
  if (settings.provider === "cloudflare") return cloudflareProvider(settings);
  if (settings.provider === "simulated") return SIMULATED;
  return UNAVAILABLE;
}

// --- Cloudflare for SaaS -------------------------------------------------------------------

interface CloudflareHostname {
  id: string;
  hostname: string;
  status?: string;
  ssl?: { status?: string; validation_errors?: { message?: string }[] };
  verification_errors?: string[];
}

interface CloudflareEnvelope<T> {
  success: boolean;
  errors?: { code?: number; message?: string }[];
  result?: T;
}

/** Statuses after which waiting does not help: the hostname needs the customer's attention. */
const FAILED_HOSTNAME = new Set(["blocked", "moved", "deleted", "pending_blocked", "test_blocked"]);
const FAILED_CERTIFICATE = /timed_out$|^expired$|^deleted$/;
/** "Custom hostname not found." */
const NOT_FOUND_CODE = 1436;
/** "Duplicate custom hostname found." */
const DUPLICATE_CODE = 1406;
const TIMEOUT_MS = 10_000;

export function stateOf(result: CloudflareHostname): HostnameState {
  const hostnameStatus = result.status ?? "pending";
  const certificateStatus = result.ssl?.status ?? "initializing";
  const problems = [
    ...(result.verification_errors ?? []),
    ...(result.ssl?.validation_errors ?? []).flatMap((error) =>
      error.message ? [error.message] : [],
    ),
  ];
  const status: DomainStatus =
    hostnameStatus === "active" && certificateStatus === "active"
      ? "active"
      : FAILED_HOSTNAME.has(hostnameStatus) || FAILED_CERTIFICATE.test(certificateStatus)
        ? "failed"
        : "pending";
  return { providerId: result.id, status, hostnameStatus, certificateStatus, problems };
}

function cloudflareProvider(
  settings: Extract<DomainSettings, { provider: "cloudflare" }>,
): DomainProvider {
  const base = `${settings.apiBase.replace(/\/$/, "")}/zones/${settings.zoneId}/custom_hostnames`;
  const ssl = { method: "http", type: "dv", settings: { min_tls_version: "1.2" } };

  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; envelope: CloudflareEnvelope<T> }> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${settings.apiToken}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (cause) {
      log("warn", "custom_hostname_unreachable", { method, ...describeError(cause) });
      throw new DomainProviderError(
        "Our domain provider could not be reached just now. Try again in a minute.",
        503,
        phrase("integrations.domains.provider.unreachable"),
      );
    }
    let envelope: CloudflareEnvelope<T>;
    try {
      envelope = await response.json<CloudflareEnvelope<T>>();
    } catch {
      envelope = { success: false, errors: [] };
    }
    if (response.status >= 500 || response.status === 429) {
      log("warn", "custom_hostname_provider_error", { method, status: response.status });
      throw new DomainProviderError(
        "Our domain provider is having trouble just now. Try again in a minute.",
        503,
        phrase("integrations.domains.provider.trouble"),
      );
    }
    return { status: response.status, envelope };
  }

  function refused(envelope: CloudflareEnvelope<unknown>): never {
    const first = envelope.errors?.[0];
    log("warn", "custom_hostname_refused", { code: first?.code ?? null });
    if (first?.code === DUPLICATE_CODE) {
      throw new DomainProviderError(
        "This hostname is already registered with our domain provider. If it is yours, contact support.",
        409,
        phrase("integrations.domains.provider.duplicate"),
      );
    }
    // The provider's own reason stays in its words (English).
    throw new DomainProviderError(
      `Our domain provider refused this hostname${first?.message ? `: ${first.message}` : "."}`,
      422,
      first?.message
        ? phrase("integrations.domains.provider.refusedBecause", { reason: first.message })
        : phrase("integrations.domains.provider.refused"),
    );
  }

  return {
    name: "cloudflare",
    async create(hostname) {
      const { envelope } = await call<CloudflareHostname>("POST", "", { hostname, ssl });
      if (!envelope.success || !envelope.result) refused(envelope);
      return stateOf(envelope.result);
    },
    async check(providerId) {
      const path = `/${encodeURIComponent(providerId)}`;
      // A PATCH with the same certificate settings restarts validation and answers the state.
      const { status, envelope } = await call<CloudflareHostname>("PATCH", path, { ssl });
      if (status === 404 || envelope.errors?.some((error) => error.code === NOT_FOUND_CODE)) {
        return null;
      }
      if (!envelope.success || !envelope.result) refused(envelope);
      return stateOf(envelope.result);
    },
    async remove(providerId) {
      const { status, envelope } = await call<{ id: string }>(
        "DELETE",
        `/${encodeURIComponent(providerId)}`,
      );
      if (status === 404 || envelope.errors?.some((error) => error.code === NOT_FOUND_CODE)) return;
      if (!envelope.success) refused(envelope);
    },
  };
}

// --- TEST MODE --------------------------------------------------------------------------------

/** Local runs: a new hostname is pending, and active from its first check. */
const SIMULATED: DomainProvider = {
  name: "simulated",
  async create() {
    return {
      providerId: `test_${crypto.randomUUID()}`,
      status: "pending",
      hostnameStatus: "pending",
      certificateStatus: "pending_validation",
      problems: [],
    };
  },
  async check(providerId) {
    return {
      providerId,
      status: "active",
      hostnameStatus: "active",
      certificateStatus: "active",
      problems: [],
    };
  },
  async remove() {},
};

const UNAVAILABLE: DomainProvider = {
  name: "unavailable",
  async create() {
    throw new DomainProviderError(
      "Custom domains are not set up on this service yet. Contact support.",
      503,
      phrase("integrations.domains.unavailable"),
    );
  },
  async check() {
    throw new DomainProviderError(
      "Custom domains are not set up on this service yet. Contact support.",
      503,
      phrase("integrations.domains.unavailable"),
    );
  },
  async remove() {},
};
