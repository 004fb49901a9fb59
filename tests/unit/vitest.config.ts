import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { cataloguesDigestDefine } from "../../scripts/catalogues-digest";

const root = fileURLToPath(new URL("../..", import.meta.url));

export default defineConfig({
  root,
  define: cataloguesDigestDefine(root),
  test: {
    name: "unit",
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/support/zxing-node.ts"],
  },
});
