import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { fakeProviderAddresses } from "../fakes/oidc-provider";

const root = fileURLToPath(new URL("../..", import.meta.url));

// Integration tests run inside workerd against the production build of the whole app
// (`npm run build` first), with the bindings of build/server/wrangler.json and a fresh,
// migrated D1 database per test file.
export default defineConfig(async () => {
  const provider = await fakeProviderAddresses();
  return {
    root,
    plugins: [
      cloudflareTest({
        wrangler: { configPath: `${root}/build/server/wrangler.json` },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: await readD1Migrations(`${root}/migrations`),
            // Both federated sign-ins point at the local provider of tests/fakes/oidc-provider.ts.
            GOOGLE_ISSUER: provider.issuer,
            GOOGLE_CLIENT_ID: "google-test-client",
            GOOGLE_CLIENT_SECRET: "google-test-secret",
            OIDC_ISSUER: provider.issuer,
            OIDC_CLIENT_ID: "platform-test-client",
            OIDC_CLIENT_SECRET: "platform-test-secret",
            // Where the tests choose the claims of the provider's next ID token.
            FAKE_OIDC_CONTROL_URL: provider.controlUrl,
          },
        },
      }),
    ],
    test: {
      name: "worker",
      // Each request writes a log line; show them only for the tests that fail.
      silent: "passed-only" as const,
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["tests/worker/setup.ts", "tests/support/zxing-workerd.ts"],
      globalSetup: ["tests/fakes/oidc-provider.ts"],
    },
  };
});
