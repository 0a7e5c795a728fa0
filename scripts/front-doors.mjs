// Keeps each domain module's front door (app/modules/<name>/index.server.ts) in step with what the
// other modules use of it. A module imports another only through that file, or the other's
// client-safe *.constants / *.schema (eslint.config.js refuses anything else; docs/architecture.md).
//   node scripts/front-doors.mjs   rewrites cross-module imports of module internals to the front
//                                  door and writes each index.server.ts (generated: edit the
//                                  imports, not the door)
// Test files are not rewritten: like routes, tests compose modules and may reach inside them.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const MODULES = path.join(ROOT, "app/modules");

const isTest = (f) => /\.(test|property)\.tsx?$/.test(f);
const isOpen = (p) => /\.(constants|schema)$/.test(p) || p === "index.server";

function filesOf(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesOf(full));
    else if (/\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+"~\/modules\/([a-z0-9-]+)\/([^"]+)";/g;

/** module → file inside it → name → "type" | "value" */
const exportsOf = new Map();
const need = (mod, file, name, kind) => {
  if (!exportsOf.has(mod)) exportsOf.set(mod, new Map());
  const files = exportsOf.get(mod);
  if (!files.has(file)) files.set(file, new Map());
  const names = files.get(file);
  if (names.get(name) !== "value") names.set(name, kind);
};

const modules = readdirSync(MODULES).filter((m) => statSync(path.join(MODULES, m)).isDirectory());
const changed = [];

// Where each name of an existing door comes from: imports already through a door keep it open.
const doorFile = new Map();
for (const mod of modules) {
  const door = path.join(MODULES, mod, "index.server.ts");
  if (!existsSync(door)) continue;
  const names = new Map();
  for (const m of readFileSync(door, "utf8").matchAll(
    /export\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"\.\/([^"]+)";/g,
  ))
    for (const spec of m[1]
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean))
      names.set(spec, m[2]);
  doorFile.set(mod, names);
}
const unknown = [];

/** `{ a, type B, c as d }` → the imported names and whether each is a type. */
function specifiers(specs, typeOnly) {
  return specs
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean)
    .map((raw) => ({
      name: raw
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)[0]
        .trim(),
      isType: Boolean(typeOnly) || raw.startsWith("type "),
    }));
}

/** The file of `mod` that exports `name`: the door's say if still true, else found by its source. */
function exporter(mod, name, hint) {
  const exportsName = (file) =>
    new RegExp(
      `export\\s+(?:declare\\s+)?(?:async\\s+)?(?:function\\*?|const|let|class|type|interface|enum)\\s+${name}\\b|export\\s+(?:type\\s+)?\\{[^}]*\\b${name}\\b[^}]*\\}`,
    ).test(readFileSync(file, "utf8"));
  const base = path.join(MODULES, mod);
  if (hint) {
    const file = [".ts", ".tsx"].map((e) => path.join(base, hint + e)).find(existsSync);
    if (file && exportsName(file)) return hint;
  }
  for (const file of filesOf(base)) {
    if (isTest(file) || file.endsWith("index.server.ts")) continue;
    if (exportsName(file)) return path.relative(base, file).replace(/\.tsx?$/, "");
  }
  return null;
}

for (const mod of modules) {
  for (const file of filesOf(path.join(MODULES, mod))) {
    if (isTest(file) || file.endsWith("index.server.ts")) continue;
    const src = readFileSync(file, "utf8");
    const out = src.replace(IMPORT, (whole, typeOnly, specs, target, inner) => {
      if (target === mod) return whole;
      const viaDoor = inner === "index.server";
      if (!viaDoor && isOpen(inner)) return whole;
      for (const { name, isType } of specifiers(specs, typeOnly)) {
        const from = exporter(target, name, viaDoor ? doorFile.get(target)?.get(name) : inner);
        if (from) need(target, from, name, isType ? "type" : "value");
        else if (viaDoor) unknown.push(`${path.relative(ROOT, file)}: ${name} (not in ${target}'s door)`);
        else need(target, inner, name, isType ? "type" : "value");
      }
      if (viaDoor) return whole;
      return whole.replace(`"~/modules/${target}/${inner}"`, `"~/modules/${target}/index.server"`);
    });
    if (out !== src) {
      changed.push(file);
      writeFileSync(file, mergeDoorImports(out));
    }
  }
}

if (unknown.length) {
  console.error(
    `imported through a door that does not hold them (import them from their file):\n  ${unknown.join("\n  ")}`,
  );
  process.exit(1);
}

for (const [mod, files] of [...exportsOf].sort(([a], [b]) => a.localeCompare(b))) {
  const lines = [
    `// The front door of the ${mod} module: what other modules may use of it (besides its`,
    "// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.",
  ];
  for (const [file, names] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const values = [...names]
      .filter(([, k]) => k === "value")
      .map(([n]) => n)
      .sort();
    const types = [...names]
      .filter(([, k]) => k === "type")
      .map(([n]) => n)
      .sort();
    if (values.length) lines.push(`export { ${values.join(", ")} } from "./${file}";`);
    if (types.length) lines.push(`export type { ${types.join(", ")} } from "./${file}";`);
  }
  const door = path.join(MODULES, mod, "index.server.ts");
  writeFileSync(door, lines.join("\n") + "\n");
  changed.push(door);
}

// Prettier lays the files out as the rest of the code (long export lists over several lines).
if (changed.length) {
  const prettier = spawnSync("npx", ["prettier", "--write", ...changed], { cwd: ROOT, encoding: "utf8" });
  if (prettier.status !== 0) throw new Error(prettier.stderr);
}
console.log(`${changed.length} files written`);

/** One import per front door in a file: `import { a, type B }` instead of one per inner file. */
function mergeDoorImports(src) {
  const byDoor = new Map();
  const DOOR = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+"(~\/modules\/[a-z0-9-]+\/index\.server)";\n?/g;
  for (const m of src.matchAll(DOOR)) {
    const specs = m[2]
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const list = byDoor.get(m[3]) ?? [];
    list.push(...specs.map((s) => (m[1] && !s.startsWith("type ") ? `type ${s}` : s)));
    byDoor.set(m[3], list);
  }
  const seen = new Set();
  return src.replace(DOOR, (whole, _t, _s, door) => {
    const specs = [...new Set(byDoor.get(door))];
    if (seen.has(door)) return "";
    seen.add(door);
    if (specs.every((s) => s.startsWith("type ")))
      return `import type { ${specs.map((s) => s.slice(5)).join(", ")} } from "${door}";\n`;
    return `import { ${specs.join(", ")} } from "${door}";\n`;
  });
}
