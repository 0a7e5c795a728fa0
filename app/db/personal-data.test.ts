import { getTableColumns, getTableName, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { queryRows } from "~/db/client.server";
import { useTestDatabase } from "../../tests/support/db";
import { collectDeclarations, columnRule, textColumnKeys } from "./personal-data";

// The next personal column cannot be forgotten. Every text column of every
// table is declared personal or not personal next to its schema (app/db/schema/*.ts).

const t = useTestDatabase();
const { declarations, tables } = collectDeclarations(schema);

describe("personal data declarations", () => {
  it("declare every text column of every table, once, as personal or not personal", () => {
    const problems: string[] = [];
    for (const table of tables) {
      const name = getTableName(table);
      const text = textColumnKeys(table);
      const found = declarations.filter((d) => d.table === table);
      if (found.length !== 1) {
        if (text.length) problems.push(`${name}: ${found.length} declarations`);
        continue;
      }
      const d = found[0];
      const personal = Object.keys(d.personal);
      const notPersonal = d.notPersonal as string[];
      for (const key of text) {
        const inP = personal.includes(key);
        const inN = notPersonal.includes(key);
        if (inP === inN)
          problems.push(`${name}.${key}: ${inP ? "both" : "neither"} personal and not personal`);
      }
      const columns = getTableColumns(table);
      for (const key of [...personal, ...notPersonal])
        if (!(key in columns)) problems.push(`${name}.${key}: no such column`);
      // What the anonymiser writes must fit the column: null only where null is allowed.
      for (const key of personal) {
        const rule = columnRule(d, key)!;
        if (["trace", "secret"].includes(rule.kind) && columns[key].notNull && d.erase !== "delete")
          problems.push(`${name}.${key}: ${rule.kind} is set to null but the column is NOT NULL`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("cover every text column of the migrated database (information_schema)", async () => {
    const rows = await queryRows<{ table_name: string; column_name: string }>(
      t.db,
      sql`select table_name, column_name from information_schema.columns
           where table_schema = 'public'
             and (data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
                  or (data_type = 'ARRAY' and udt_name in ('_text', '_varchar')))`,
    );
    const declared = new Set<string>();
    for (const d of declarations) {
      const columns = getTableColumns(d.table);
      for (const key of [...Object.keys(d.personal), ...(d.notPersonal as string[])])
        if (columns[key]) declared.add(`${getTableName(d.table)}.${columns[key].name}`);
    }
    const missing = rows
      .map((r) => `${r.table_name}.${r.column_name}`)
      .filter((c) => !c.startsWith("__drizzle") && !declared.has(c));
    expect(missing).toEqual([]);
  });

  it("fails for a table whose text column is not declared", async () => {
    const { pgTable, text } = await import("drizzle-orm/pg-core");
    const { personalData } = await import("./personal-data");
    const charges = pgTable("charges", { id: text("id"), payerName: text("payer_name") });
    const partial = personalData({ table: charges, personal: {}, notPersonal: ["id"] });
    const c = collectDeclarations({ charges, partial });
    expect(textColumnKeys(charges)).toEqual(["id", "payerName"]);
    const declaredKeys = [...Object.keys(c.declarations[0].personal), ...c.declarations[0].notPersonal];
    expect(textColumnKeys(charges).filter((k) => !declaredKeys.includes(k))).toEqual(["payerName"]);
  });
});
