import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SettingsSchema } from "./settings.schema";
import { explainJsonError } from "./json-error";

describe("explainJsonError (never a raw JSON.parse message)", () => {
  it("says where and why in pt-BR", () => {
    expect(explainJsonError('{"@type": "Organization",}')).toBe(
      'vírgula sobrando antes de "}" (linha 1, coluna 26).',
    );
    expect(explainJsonError('{\n  "a": 1\n  "b": 2\n}')).toBe(
      'falta uma vírgula (ou um "}") depois do valor (linha 3, coluna 3).',
    );
    expect(explainJsonError("{'a': 1}")).toMatch(/^use aspas duplas .* \(linha 1, coluna 2\)\.$/);
    expect(explainJsonError('{"a": tru}')).toMatch(/^valor inválido "tru"/);
    expect(explainJsonError('{"a": 1')).toMatch(/^o texto termina antes do fim/);
    expect(explainJsonError("[1, 2,]")).toBe('vírgula sobrando antes de "]" (linha 1, coluna 7).');
    expect(explainJsonError('{"a": 1}}')).toMatch(/^há conteúdo depois do fim do JSON/);
    expect(explainJsonError("{a: 1}")).toMatch(/^o nome da propriedade deve estar entre aspas duplas/);
    expect(explainJsonError('{"a" 1}')).toMatch(/^falta ":"/);
  });

  it("accepts exactly what JSON.parse accepts, and never answers in English", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.json(),
          fc.string(),
          // Valid JSON with one character dropped: the typical typo.
          fc
            .json()
            .chain((j) => fc.nat(Math.max(0, j.length - 1)).map((k) => j.slice(0, k) + j.slice(k + 1))),
        ),
        (text) => {
          let valid = true;
          try {
            JSON.parse(text);
          } catch {
            valid = false;
          }
          const msg = explainJsonError(text);
          expect(msg === null).toBe(valid);
          if (msg) expect(msg).toMatch(/ \(linha \d+, coluna \d+\)\.$/);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("the settings form names the field and the reason, without the engine's text", () => {
    const r = SettingsSchema.safeParse({ structuredData: '{"@type": "Organization",}' });
    expect(r.success).toBe(false);
    const message = r.error?.issues[0]?.message ?? "";
    expect(message).toBe(
      'Os dados estruturados devem ser um JSON válido: vírgula sobrando antes de "}" (linha 1, coluna 26).',
    );
  });
});
