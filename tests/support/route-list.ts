// Plain (no Vite) helpers over app/routes.ts: usable from Vitest and Playwright alike.
import routeConfig from "../../app/routes";

/** A route of app/routes.ts with its full URL pattern ("/admin/clients/edit/:id"). */
export interface FlatRoute {
  file: string;
  pattern: string;
}

interface ConfigEntry {
  path?: string;
  file: string;
  index?: boolean;
  children?: ConfigEntry[];
}

/** Every route file of app/routes.ts (layouts and resource routes included), in table order. */
export function flattenRoutes(entries = routeConfig as ConfigEntry[], parent = ""): FlatRoute[] {
  const out: FlatRoute[] = [];
  for (const e of entries) {
    const pattern = e.path ? `${parent}/${e.path}`.replace(/\/+/g, "/") : parent || "/";
    out.push({ file: e.file, pattern: pattern || "/" });
    if (e.children) out.push(...flattenRoutes(e.children, e.path ? pattern : parent));
  }
  return out;
}

/** "/admin/clients/edit/:id" + { id } → "/admin/clients/edit/123". */
export function fillPattern(pattern: string, params: Record<string, string>): string {
  return pattern
    .replace(/:(\w+)\??/g, (_, k: string) => encodeURIComponent(params[k] ?? ""))
    .replace(/\*$/, params["*"] ?? "");
}
