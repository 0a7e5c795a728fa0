// Prints the import cycles between the domain modules (app/modules/<name> folders), not between
// files: a module may import another only if that one never reaches back, so each can be read,
// changed and tested from its own folder down (docs/architecture.md, "Modules"). Reads the graph
// with madge (type-only imports count: a type is a dependency) and the options of .madgerc.
// Exit 1 and the modules of each cycle when there is one; "0 module cycles" otherwise.
import madge from "madge";
import { readFileSync } from "node:fs";

const config = JSON.parse(readFileSync(new URL("../.madgerc", import.meta.url), "utf8"));
const graph = (await madge("app", config)).obj();

const moduleOf = (file) => /^modules\/([^/]+)\//.exec(file)?.[1];
/** module → the modules it imports, with one file that makes each edge (for the message). */
const edges = new Map();
for (const [from, targets] of Object.entries(graph)) {
  const a = moduleOf(from);
  if (!a) continue;
  for (const to of targets) {
    const b = moduleOf(to);
    if (!b || b === a) continue;
    if (!edges.has(a)) edges.set(a, new Map());
    if (!edges.get(a).has(b)) edges.get(a).set(b, `${from} → ${to}`);
  }
}

// Strongly connected components (Tarjan): each of two or more modules holds a cycle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function visit(v) {
  index.set(v, counter);
  low.set(v, counter++);
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) !== index.get(v)) return;
  const component = [];
  let w;
  do {
    w = stack.pop();
    onStack.delete(w);
    component.push(w);
  } while (w !== v);
  if (component.length > 1) cycles.push(component.sort());
}
for (const v of edges.keys()) if (!index.has(v)) visit(v);

for (const cycle of cycles) {
  console.log(`cycle among: ${cycle.join(", ")}`);
  for (const a of cycle)
    for (const [b, why] of edges.get(a) ?? []) if (cycle.includes(b)) console.log(`  ${a} → ${b}: ${why}`);
}
console.log(`${cycles.length} module cycles`);
process.exit(cycles.length ? 1 : 0);
