// Every API route of the app, found by walking app/api: a route added tomorrow is fuzzed and checked for roles
// without anyone editing a list.
import fs from "node:fs";
import path from "node:path";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

export interface ApiRoute {
  /** e.g. /api/admin/models/[id] */
  pattern: string;
  file: string;
  methods: Method[];
  /** the dynamic segments, in order */
  params: string[];
  catchAll: boolean;
}

function exportedMethods(source: string): Method[] {
  const found = new Set<Method>();
  for (const method of METHODS) {
    const declared = new RegExp(`export\\s+(?:async\\s+)?(?:function|const|let)\\s+${method}\\b`);
    const destructured = new RegExp(`export\\s+const\\s*\\{[^}]*\\b${method}\\b[^}]*\\}`);
    const listed = new RegExp(`export\\s*\\{[^}]*\\b${method}\\b[^}]*\\}`);
    if (declared.test(source) || destructured.test(source) || listed.test(source)) found.add(method);
  }
  return [...found];
}

export function discoverApiRoutes(root = path.resolve("app", "api")): ApiRoute[] {
  const routes: ApiRoute[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), [...segments, entry.name]);
      else if (/^route\.(ts|tsx|js)$/.test(entry.name)) {
        const file = path.join(dir, entry.name);
        const params = segments.filter((s) => s.startsWith("[")).map((s) => s.replace(/^\[+\.*|\]+$/g, ""));
        routes.push({
          pattern: `/api/${segments.join("/")}`.replace(/\/$/, ""),
          file,
          methods: exportedMethods(fs.readFileSync(file, "utf8")),
          params,
          catchAll: segments.some((s) => s.startsWith("[...") || s.startsWith("[[...")),
        });
      }
    }
  };
  walk(root, []);
  return routes.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** The route's address with every dynamic segment replaced by `value` (already URL-encoded). */
export function fill(route: ApiRoute, value: string): string {
  return route.pattern.replace(/\[\[?(?:\.\.\.)?[^\]]+\]\]?/g, value);
}
