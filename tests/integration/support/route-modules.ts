import type { AppLoadContext } from "react-router";

export type RouteFn = (args: {
  request: Request;
  params: Record<string, string>;
  context: AppLoadContext;
}) => unknown;

export interface RouteModule {
  loader?: RouteFn;
  action?: RouteFn;
  default?: unknown;
}

// Vite resolves the glob at build time, so every route module is importable by its file name.
const modules = import.meta.glob<RouteModule>("../../../app/routes/**/*.{ts,tsx}");

/** Loads a route module by the file name used in routes.ts ("routes/admin/dashboard.tsx"). */
export async function loadRouteModule(file: string): Promise<RouteModule> {
  const load = modules[`../../../app/${file}`];
  if (!load) throw new Error(`route module not found: app/${file}`);
  return load();
}
