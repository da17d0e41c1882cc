import type { Config } from "@react-router/dev/config";

export default { ssr: true, buildDirectory: "../../build/bench-baseline" } satisfies Config;
