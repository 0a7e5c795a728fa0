import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Lets parallel worktrees/benches build side by side without clobbering each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
