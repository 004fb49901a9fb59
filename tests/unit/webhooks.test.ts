import { readFileSync } from "node:fs";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { PLANS } from "../../app/plans/catalogue";
import {
  firstBytes,
  MAX_ATTEMPTS,
  RETRY_DELAYS_S,
  RETRYING_WINDOW_MS,
  retryDelay,
  shouldWarn,
} from "../../app/webhooks/events";
import { retryScheduleWords, VERIFY_BY_HAND } from "../../app/webhooks/guide";
import { newSecret, signatureHeaders } from "../../app/webhooks/signature";
import { checkWebhookUrl } from "../../app/webhooks/url";

// Issue #19's pure parts: which addresses webhooks may go to, the Standard Webhooks signature,
// the retry schedule and when failures are told.

const PRODUCTION = { environment: "production", appHostname: "qr.example.com" };
const DEVELOPMENT = { environment: "development", appHostname: "localhost" };

describe("which addresses webhooks may go to", () => {
  it("takes public https addresses, normalised", () => {
    expect(
      checkWebhookUrl(" https://Hooks.Zapier.com/hooks/standard/1/abc/#x ", PRODUCTION),
    ).toEqual({
      ok: true,
      url: "https://hooks.zapier.com/hooks/standard/1/abc/",
    });
    expect(checkWebhookUrl("https://example.com:443/hook", PRODUCTION).ok).toBe(true);
    expect(checkWebhookUrl("https://93.184.215.14/hook", PRODUCTION).ok).toBe(true);
    expect(checkWebhookUrl("https://[2606:4700::1111]/hook", PRODUCTION).ok).toBe(true);
    expect(checkWebhookUrl("https://example.com./hook", PRODUCTION).ok).toBe(true);
  });

  it("judges IPv6 addresses that carry a public IPv4 address by it", () => {
    for (const url of [
      "https://[2002:5db8:d70e::1]/hook", // 6to4 of 93.184.215.14
      "https://[::ffff:0:5db8:d70e]/hook", // IPv4-translated 93.184.215.14
      "https://[::ffff:93.184.215.14]/hook",
      "https://[64:ff9b::93.184.215.14]/hook",
      "https://[2001:4860:4860::8888]/hook", // 2001:4860::, not Teredo's 2001:0::
    ]) {
      expect(checkWebhookUrl(url, PRODUCTION).ok, url).toBe(true);
    }
  });

  it.each([
    ["http://example.com/hook", "must start with https://"],
    ["ftp://example.com/hook", "must start with https://"],
    ["https://example.com:8443/hook", "standard https port"],
    ["https://user:pw@example.com/hook", "user names and passwords"],
    ["https://localhost/hook", "public addresses"],
    ["https://api.localhost/hook", "public addresses"],
    ["https://printer.local/hook", "public addresses"],
    ["https://db.internal/hook", "public addresses"],
    ["https://metadata.google.internal/computeMetadata/v1/", "public addresses"],
    ["https://intranet/hook", "public addresses"],
    ["https://localhost./hook", "public addresses"],
    ["https://localhost../hook", "public addresses"],
    ["https://metadata.google.internal../computeMetadata/v1/", "public addresses"],
    ["https://foo.local../hook", "public addresses"],
    ["https://foo..example.com/hook", "public addresses"],
    ["https://.example.com/hook", "public addresses"],
    ["https://qr.example.com../hook", "this service itself"],
    ["https://api.qr.example.com.../hook", "this service itself"],
    ["https://127.0.0.1/hook", "public addresses"],
    ["https://127.1/hook", "public addresses"],
    ["https://2130706433/hook", "public addresses"],
    ["https://0x7f000001/hook", "public addresses"],
    ["https://0177.0.0.1/hook", "public addresses"],
    ["https://10.1.2.3/hook", "public addresses"],
    ["https://172.16.0.1/hook", "public addresses"],
    ["https://172.31.255.255/hook", "public addresses"],
    ["https://192.168.0.10/hook", "public addresses"],
    ["https://100.64.0.1/hook", "public addresses"],
    ["https://169.254.169.254/latest/meta-data/", "public addresses"],
    ["https://0.0.0.0/hook", "public addresses"],
    ["https://224.0.0.1/hook", "public addresses"],
    ["https://[::1]/hook", "public addresses"],
    ["https://[::]/hook", "public addresses"],
    ["https://[::ffff:127.0.0.1]/hook", "public addresses"],
    ["https://[::ffff:169.254.169.254]/hook", "public addresses"],
    ["https://[64:ff9b::10.0.0.1]/hook", "public addresses"],
    ["https://[2002:a9fe:a9fe::]/hook", "public addresses"], // 6to4 of 169.254.169.254
    ["https://[2002:7f00:1::1]/hook", "public addresses"], // 6to4 of 127.0.0.1
    ["https://[2002:0a00:0001:1::]/hook", "public addresses"], // 6to4 of 10.0.0.1
    ["https://[::ffff:0:7f00:1]/hook", "public addresses"], // IPv4-translated 127.0.0.1
    ["https://[::ffff:0:169.254.169.254]/hook", "public addresses"],
    ["https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook", "public addresses"], // Teredo
    ["https://[64:ff9b:1::5db8:d70e]/hook", "public addresses"], // local-use NAT64
    ["https://[fc00::1]/hook", "public addresses"],
    ["https://[fd12:3456::1]/hook", "public addresses"],
    ["https://[fe80::1]/hook", "public addresses"],
    ["https://[ff02::1]/hook", "public addresses"],
    ["https://qr.example.com/hook", "this service itself"],
    ["https://api.qr.example.com/hook", "this service itself"],
    // Our own workers.dev hostnames (issue #27), a preview version's, and staging's.
    ["https://qr-code-creator.someone.workers.dev/hook", "this service itself"],
    ["https://QR-Code-Creator.someone.workers.dev./hook", "this service itself"],
    ["https://3f2a1b-qr-code-creator.someone.workers.dev/hook", "this service itself"],
    ["https://qr-code-creator-staging.someone.workers.dev/hook", "this service itself"],
    ["example.com/hook", "Enter a full address"],
    ["", "Enter the address"],
    [`https://example.com/${"a".repeat(2000)}`, "at most 2000 characters"],
  ])("refuses %s in production", (url, words) => {
    const result = checkWebhookUrl(url, PRODUCTION);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain(words);
  });

  it("accepts other people's Workers on workers.dev", () => {
    for (const url of [
      "https://receiver.someone.workers.dev/hook",
      "https://qr-code-creator-hooks.someone.workers.dev/hook",
    ]) {
      expect(checkWebhookUrl(url, PRODUCTION).ok, url).toBe(true);
    }
  });

  it("accepts 172.15.x and 172.32.x, just outside the private block", () => {
    expect(checkWebhookUrl("https://172.15.0.1/hook", PRODUCTION).ok).toBe(true);
    expect(checkWebhookUrl("https://172.32.0.1/hook", PRODUCTION).ok).toBe(true);
  });

  it("lets local runs try http://localhost and http://127.0.0.1 on any port, and staging not", () => {
    for (const url of [
      "http://localhost:4000/hook",
      "http://127.0.0.1:9999/hook",
      "https://localhost/x",
    ]) {
      expect(checkWebhookUrl(url, DEVELOPMENT).ok, url).toBe(true);
      expect(checkWebhookUrl(url, { ...DEVELOPMENT, environment: "staging" }).ok, url).toBe(false);
    }
    // Other private addresses stay refused locally too.
    expect(checkWebhookUrl("http://10.0.0.1:8080/hook", DEVELOPMENT).ok).toBe(false);
    expect(checkWebhookUrl("https://10.0.0.1/hook", DEVELOPMENT).ok).toBe(false);
  });
});

describe("signatures", () => {
  it("verify with the standardwebhooks package, with either secret during a rotation", async () => {
    const current = newSecret();
    const previous = newSecret();
    expect(current).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({
      type: "qr_code.scanned",
      timestamp: "2026-11-24T18:00:00.000Z",
      data: { id: 1 },
    });
    const now = Math.floor(Date.now() / 1000);
    const headers = await signatureHeaders([current, previous], "msg_1", now, body);
    expect(headers["webhook-id"]).toBe("msg_1");
    expect(headers["webhook-timestamp"]).toBe(String(now));
    expect(headers["webhook-signature"]).toMatch(/^v1,\S+ v1,\S+$/);
    expect(new Webhook(current).verify(body, headers)).toMatchObject({ type: "qr_code.scanned" });
    expect(new Webhook(previous).verify(body, headers)).toMatchObject({ data: { id: 1 } });
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(current).verify(`${body} `, headers)).toThrow();
  });

  it("match the docs' by-hand verification", async () => {
    const secret = newSecret();
    const body = '{"type":"webhook.test","timestamp":"2026-11-24T18:00:00.000Z","data":{}}';
    const headers = await signatureHeaders([secret], "msg_2", Math.floor(Date.now() / 1000), body);
    // The docs' snippet, as a customer would paste it.
    const { createHmac, timingSafeEqual } = await import("node:crypto");
    const verify = new Function(
      "createHmac",
      "timingSafeEqual",
      "Buffer",
      `${VERIFY_BY_HAND.replace(/^import .*$/m, "")}; return verify;`,
    )(createHmac, timingSafeEqual, Buffer) as (
      secret: string,
      headers: Record<string, string>,
      body: string,
    ) => boolean;
    expect(verify(secret, headers, body)).toBe(true);
    expect(verify(newSecret(), headers, body)).toBe(false);
  });
});

describe("retries and failures", () => {
  it("retry after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, matching wrangler.toml's max_retries", () => {
    expect(RETRY_DELAYS_S).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelay)).toEqual([
      5,
      300,
      1800,
      7200,
      18000,
      36000,
      36000,
      null,
    ]);
    expect(MAX_ATTEMPTS).toBe(8);
    // Disabling an endpoint looks back over twice the schedule (27 h 35 min) for "retrying" rows.
    expect(RETRYING_WINDOW_MS).toBe(2 * (27 * 3600 + 35 * 60 + 5) * 1000);
    expect(retryScheduleWords()).toBe("5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h");
    const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
    // The webhook queue's consumer, locally, in staging and in production (and no other queue).
    expect(toml.match(/max_retries = 7/g)).toHaveLength(3);
  });

  it("warn the owner at 5, 10 and 15 failures in a row", () => {
    expect(Array.from({ length: 25 }, (_, i) => i + 1).filter(shouldWarn)).toEqual([5, 10, 15]);
  });

  it("keep the first 2 KB of an answer, cut between characters", () => {
    expect(firstBytes("x".repeat(3000))).toHaveLength(2048);
    expect(firstBytes(`${"x".repeat(2047)}é`)).toBe("x".repeat(2047));
    expect(firstBytes("short")).toBe("short");
  });

  it("are Ultimate's: 10 endpoints, none on Free and Premium", () => {
    expect(PLANS.ultimate.capabilities.webhookEndpointLimit).toBe(10);
    expect(PLANS.premium.capabilities.webhookEndpointLimit).toBe(0);
    expect(PLANS.free.capabilities.webhookEndpointLimit).toBe(0);
  });
});
