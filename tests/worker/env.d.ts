/// <reference types="@cloudflare/vitest-plugin/types" />
import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      MIGRATION_TEST_DB: D1Database;
      FAKE_OIDC_CONTROL_URL: string;
      FAKE_MAIL_CONTROL_URL: string;
      FAKE_CLOUDFLARE_CONTROL_URL: string;
      FAKE_SAFE_BROWSING_CONTROL_URL: string;
      FAKE_WEBHOOK_RECEIVER_URL: string;
    }
  }
}
