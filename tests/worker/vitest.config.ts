import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { configDefaults, defineConfig } from "vitest/config";
import { fakeProviderAddresses } from "../fakes/oidc-provider";
import { fakeCloudflareApiBase } from "../fakes/cloudflare-api";
import { fakeMailApiBase } from "../fakes/mail-api";
import { fakeSafeBrowsingApiBase } from "../fakes/safe-browsing-api";
import { fakeStripeApiBase } from "../fakes/stripe-api";
import { cataloguesDigestDefine } from "../../scripts/catalogues-digest";
import { fakeWebhookReceiverBase } from "../fakes/webhook-receiver";

const root = fileURLToPath(new URL("../..", import.meta.url));

// Integration tests run inside workerd against the production build of the whole app
// (`npm run build` first), with the bindings of build/server/wrangler.json and a fresh,
// migrated D1 database per test file. Two projects: "worker" runs the app as local runs do,
// with the offline payment simulator and the mail outbox; "stripe" runs it with the vendors
// configured as in production: Stripe, Resend, Cloudflare for SaaS and Google Safe Browsing, against
// the local stand-ins for their APIs in tests/fakes/stripe-api.ts, mail-api.ts, cloudflare-api.ts
// and safe-browsing-api.ts.
export default defineConfig(async () => {
  const provider = await fakeProviderAddresses();
  const migrations = await readD1Migrations(`${root}/migrations`);

  function workerProject(name: string, bindings: Record<string, unknown>) {
    // An empty second database, for tests that apply the migrations step by step.
    return {
      root,
      // The app's modules the tests import are compiled here, not by the build.
      define: cataloguesDigestDefine(root),
      plugins: [
        cloudflareTest({
          wrangler: { configPath: `${root}/build/server/wrangler.json` },
          miniflare: {
            // The app's own hostname and address (tests/worker/app.ts ORIGIN): any other hostname
            // is a customer's custom domain or unknown (issue #18); every absolute link the app
            // writes starts with APP_URL (issue #27).
            bindings: {
              TEST_MIGRATIONS: migrations,
              APP_HOSTNAME: "qr.example.com",
              APP_URL: "https://qr.example.com",
              ...bindings,
            },
            d1Databases: ["MIGRATION_TEST_DB"],
          },
        }),
      ],
      test: {
        name,
        // Sign-ups hash passwords (PBKDF2) and two projects share two cores: allow for a busy machine.
        testTimeout: 20_000,
        // papaparse ships a UMD build, which the pool would load as an ES module (with no `this`
        // to attach to); pre-bundled, it loads as it does in the app's build. standardwebhooks
        // (the webhook tests' verifier) and pdf-lib (whose CommonJS build the pool would pick)
        // need CommonJS helpers, so they are pre-bundled too.
        deps: {
          optimizer: {
            ssr: { enabled: true, include: ["papaparse", "standardwebhooks", "pdf-lib"] },
          },
        },
        setupFiles: ["tests/worker/setup.ts", "tests/support/zxing-workerd.ts"],
      },
    };
  }

  const worker = workerProject("worker", {
    // Both federated sign-ins point at the local provider of tests/fakes/oidc-provider.ts.
    GOOGLE_ISSUER: provider.issuer,
    GOOGLE_CLIENT_ID: "google-test-client",
    GOOGLE_CLIENT_SECRET: "google-test-secret",
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: "platform-test-client",
    OIDC_CLIENT_SECRET: "platform-test-secret",
    // Where the tests choose the claims of the provider's next ID token.
    FAKE_OIDC_CONTROL_URL: provider.controlUrl,
    // A customer's webhook receiver on loopback (issue #19; local runs allow http://127.0.0.1).
    FAKE_WEBHOOK_RECEIVER_URL: await fakeWebhookReceiverBase(),
  });
  const stripe = workerProject("stripe", {
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: "whsec_test_fake_webhook_secret",
    STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
    STRIPE_PRICE_PREMIUM: "price_premium_test",
    STRIPE_PRICE_ULTIMATE: "price_ultimate_test",
    STRIPE_API_BASE: await fakeStripeApiBase(),
    // The fake answers in milliseconds; a Stripe that never answers then costs a test 2 × 2 s
    // (the app retries once) instead of 2 × 10 s.
    STRIPE_TIMEOUT_MS: "2000",
    RESEND_API_KEY: "re_test_fake",
    MAIL_FROM: "QR Code Creator <no-reply@qr.example.com>",
    MAIL_API_BASE: await fakeMailApiBase(),
    FAKE_MAIL_CONTROL_URL: `${await fakeMailApiBase()}/__control`,
    // Custom domains through Cloudflare for SaaS's Custom Hostnames API (issue #18).
    CLOUDFLARE_ZONE_ID: "0123456789abcdef0123456789abcdef",
    CLOUDFLARE_API_TOKEN: "cf-test-token-0123456789",
    CLOUDFLARE_API_BASE: `${await fakeCloudflareApiBase()}/client/v4`,
    FAKE_CLOUDFLARE_CONTROL_URL: `${await fakeCloudflareApiBase()}/__control`,
    // The link-safety checks ask Google Safe Browsing's Lookup API (issue #31); a lookup that
    // takes longer than this fails open.
    SAFE_BROWSING_API_KEY: "AIzaSyFakeSafeBrowsingKey0123456789",
    SAFE_BROWSING_API_BASE: `${await fakeSafeBrowsingApiBase()}/v4`,
    SAFE_BROWSING_TIMEOUT_MS: "1000",
    FAKE_SAFE_BROWSING_CONTROL_URL: `${await fakeSafeBrowsingApiBase()}/__control`,
  });

  return {
    test: {
      // Each request writes a log line; show them only for the tests that fail.
      silent: "passed-only" as const,
      projects: [
        {
          ...worker,
          test: {
            ...worker.test,
            include: ["tests/worker/**/*.test.ts"],
            exclude: [...configDefaults.exclude, "tests/worker/stripe/**"],
            globalSetup: ["tests/fakes/oidc-provider.ts", "tests/fakes/webhook-receiver.ts"],
          },
        },
        {
          ...stripe,
          test: {
            ...stripe.test,
            include: ["tests/worker/stripe/**/*.test.ts"],
            globalSetup: [
              "tests/fakes/stripe-api.ts",
              "tests/fakes/mail-api.ts",
              "tests/fakes/cloudflare-api.ts",
              "tests/fakes/safe-browsing-api.ts",
            ],
          },
        },
      ],
    },
  };
});
