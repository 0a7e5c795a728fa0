/**
 * Says in pt-BR where and why a text is not valid JSON (the browser's JSON.parse messages are in
 * English and, depending on the engine, without a position). Returns null for valid JSON.
 * A small recursive-descent reader that follows RFC 8259 closely enough to point at the first
 * mistake; JSON.parse stays the judge of validity.
 */
class JsonMistake extends Error {
  constructor(
    readonly at: number,
    readonly why: string,
  ) {
    super(why);
  }
}

function reader(text: string) {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const fail = (why: string, at = i): never => {
    throw new JsonMistake(at, why);
  };
  const end = () => fail("o texto termina antes do fim: falta fechar uma chave }, um colchete ] ou aspas");

  function string() {
    const start = i;
    i++; // opening quote
    while (i < text.length) {
      const c = text[i]!;
      if (c === '"') {
        i++;
        return;
      }
      if (c === "\\") {
        const e = text[i + 1];
        if (e === undefined) end();
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            fail("sequência \\u inválida (use \\u seguido de 4 dígitos hexadecimais)");
          i += 6;
        } else if ('"\\/bfnrt'.includes(e!)) i += 2;
        else fail(`barra invertida inválida "\\${e}" (para uma barra use \\\\)`);
        continue;
      }
      if (c.charCodeAt(0) < 0x20)
        fail("quebra de linha ou tabulação dentro de um texto entre aspas (use \\n ou \\t)");
      i++;
    }
    fail("aspas abertas e não fechadas", start);
  }

  function value(): void {
    ws();
    const c = text[i];
    if (c === undefined) return end();
    if (c === "{") return object();
    if (c === "[") return array();
    if (c === '"') return string();
    if (c === "'") return fail("use aspas duplas (\") em vez de aspas simples (')");
    const literal = /^(true|false|null)(?![A-Za-z0-9_])/.exec(text.slice(i));
    if (literal) {
      i += literal[0].length;
      return;
    }
    const num = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (num && !/^[A-Za-z0-9_.]/.test(text.slice(i + num[0].length))) {
      i += num[0].length;
      return;
    }
    const word = /^[^\s,:{}[\]"]+/.exec(text.slice(i))?.[0] ?? c;
    fail(
      `valor inválido "${word.slice(0, 30)}" (use um texto entre aspas duplas, um número, true, false ou null)`,
    );
  }

  function object() {
    i++;
    ws();
    if (text[i] === "}") {
      i++;
      return;
    }
    for (;;) {
      ws();
      const c = text[i];
      if (c === undefined) end();
      if (c === "}") fail('vírgula sobrando antes de "}"');
      if (c === "'") fail("use aspas duplas (\") em vez de aspas simples (') no nome da propriedade");
      if (c !== '"') fail("o nome da propriedade deve estar entre aspas duplas");
      string();
      ws();
      if (text[i] === undefined) end();
      if (text[i] !== ":") fail('falta ":" depois do nome da propriedade');
      i++;
      value();
      ws();
      if (text[i] === undefined) end();
      if (text[i] === "}") {
        i++;
        return;
      }
      if (text[i] !== ",") fail('falta uma vírgula (ou um "}") depois do valor');
      i++;
    }
  }

  function array() {
    i++;
    ws();
    if (text[i] === "]") {
      i++;
      return;
    }
    for (;;) {
      ws();
      if (text[i] === "]") fail('vírgula sobrando antes de "]"');
      value();
      ws();
      if (text[i] === undefined) end();
      if (text[i] === "]") {
        i++;
        return;
      }
      if (text[i] !== ",") fail('falta uma vírgula (ou um "]") entre os itens da lista');
      i++;
    }
  }

  return {
    read() {
      value();
      ws();
      if (i < text.length)
        fail("há conteúdo depois do fim do JSON (sobrou uma chave, um colchete ou texto?)");
    },
  };
}

function lineAndColumn(text: string, at: number) {
  const before = text.slice(0, at).split("\n");
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

export function explainJsonError(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch {
    // Explained below.
  }
  try {
    reader(text).read();
  } catch (err) {
    if (err instanceof JsonMistake) {
      const { line, column } = lineAndColumn(text, Math.min(err.at, text.length));
      return `${err.why} (linha ${line}, coluna ${column}).`;
    }
  }
  return "confira vírgulas, aspas duplas, chaves e colchetes.";
}
