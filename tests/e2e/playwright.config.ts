import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8790);
const baseURL = `http://localhost:${port}`;

// Debian's Chromium: Playwright cannot download its own browsers here.
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-quic",
      "--no-first-run",
    ],
  },
};

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: "../../test-results",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: { baseURL, trace: "retain-on-failure" },
  projects: [
    { name: "javascript", use: { ...chromium, javaScriptEnabled: true } },
    { name: "no-javascript", use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    // The README's own command: builds, applies local migrations and serves the app in workerd,
    // here on a local state of its own that every run starts empty.
    command: "rm -rf .wrangler/e2e-state && npm start",
    cwd: "../..",
    env: { PORT: String(port), STATE_DIR: ".wrangler/e2e-state" },
    url: baseURL,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
