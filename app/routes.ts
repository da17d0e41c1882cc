import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Written out by hand to mirror the spec's route table; the storefront issues add the rest.
export default [index("routes/home.tsx"), route("*", "routes/not-found.tsx")] satisfies RouteConfig;
