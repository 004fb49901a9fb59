import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// STATE_DIR keeps a run's local D1/KV/R2 apart (the end-to-end tests start from an empty one);
// `npm run db:migrate:local` reads the same variable.
const stateDir = process.env.STATE_DIR;

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      persistState: stateDir ? { path: stateDir } : true,
    }),
    reactRouter(),
  ],
  // Local runs answer customers' custom domains (issue #18) when asked with their Host header, for
  // hostnames under the reserved .test and .localhost names only (e.g. qr.my-brand.test): other
  // Host headers stay refused, as Vite's guard against DNS rebinding intends.
  preview: { allowedHosts: [".test", ".localhost"] },
});
