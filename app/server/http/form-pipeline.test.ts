import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every action reads its form through the one pipeline of form.server.ts (parseForm, or
 * readForm + checkForm): the bounded body, its text fields, the schema, the pt-BR refusal.
 * A file that reads a body another way is listed here with the reason.
 */
const EXCEPTIONS: Record<string, string> = {
  "app/server/http/form.server.ts": "the pipeline itself",
  "app/lib/validation.ts": "formToObject and fieldErrors, the pipeline's parts",
};

const READS_BODY = [/\breadFormData\(/, /\.formData\(\)/, /\bformToObject\(/, /\brequest\.(json|text)\(\)/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("the form pipeline", () => {
  const files = ["app/routes", "app/modules", "app/server", "app/lib"].flatMap(sourceFiles);

  it("is the only reader of request bodies outside the listed exceptions", () => {
    const offenders = files.filter(
      (f) => !(f in EXCEPTIONS) && READS_BODY.some((re) => re.test(readFileSync(f, "utf8"))),
    );
    expect(offenders).toEqual([]);
  });

  it("lists no exception that no longer reads a body", () => {
    const stale = Object.keys(EXCEPTIONS).filter(
      (f) => !READS_BODY.some((re) => re.test(readFileSync(f, "utf8"))),
    );
    expect(stale).toEqual([]);
  });
});
