import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The deploy check builds each environment into a folder of its own (tests/deploy).
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
