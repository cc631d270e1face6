import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  resolve: { alias: { "~": fileURLToPath(new URL("../app", import.meta.url)) } },
  define: { __BUILD_ID__: JSON.stringify("test-build"), __BUILD_TIMESTAMP__: "0" },
  test: {
    include: [
      ".config/**/*.test.ts",
      "app/**/*.test.{ts,tsx}",
      "worker/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/contract/**/*.test.ts",
      "tests/support/**/*.test.ts",
    ],
    environment: "node",
  },
});
