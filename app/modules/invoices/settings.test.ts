// Configurações → Financeiro → Nota fiscal: what the form accepts and refuses (pt-BR, field by
// field), and what a save stores and audits.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, invoiceSettings } from "~/db/schema";
import { useTestDatabase } from "../../../tests/support/db";
import { INVOICE_FORM } from "../../../tests/support/invoice-settings";
import {
  INVOICE_SETTINGS_MESSAGES as M,
  formatRateBp,
  invoiceSettingsSchema,
  parseRateBp,
} from "./invoices.schema";
import { getInvoiceSettings, saveInvoiceSettings } from "./settings.server";

const t = useTestDatabase();

function errorsOf(form: Record<string, string>) {
  const r = invoiceSettingsSchema.safeParse(form);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe("the fiscal data form", () => {
  it("rates typed the Brazilian way are integer basis points", () => {
    expect(parseRateBp("2")).toBe(200);
    expect(parseRateBp("2,5")).toBe(250);
    expect(parseRateBp("0,65")).toBe(65);
    expect(parseRateBp("1.5%")).toBe(150);
    expect(parseRateBp("")).toBe(0);
    expect(parseRateBp("2,555")).toBeNull();
    expect(parseRateBp("-1")).toBeNull();
    expect(formatRateBp(65)).toBe("0,65");
    expect(formatRateBp(500)).toBe("5,00");
  });

  it("refuses each bad field with its own pt-BR message", () => {
    expect(
      errorsOf({
        ...INVOICE_FORM,
        taxRegime: "isento",
        subscriptionServiceItem: "105",
        activationServiceCode: "01 07;",
        issRate: "6",
        pisRate: "abc",
        descriptionTemplate: "Plano {plano} do mês {mes}",
        ibsCbsClassification: "12345",
        nbsCode: "1.1502",
      }),
    ).toEqual({
      taxRegime: M.regimeRequired,
      subscriptionServiceItem: M.itemInvalid,
      activationServiceCode: M.codeInvalid,
      issRate: M.issInvalid,
      pisRate: M.rateInvalid,
      descriptionTemplate: M.templatePlaceholder,
      ibsCbsClassification: M.classificationInvalid,
      nbsCode: M.nbsInvalid,
    });
  });

  it("the IBS/CBS requirement is said together with the other fields' errors", () => {
    expect(
      errorsOf({
        ...INVOICE_FORM,
        taxRegime: "lucro_real",
        issRate: "7",
        ibsCbsCst: "",
        ibsCbsClassification: "",
      }),
    ).toEqual({ issRate: M.issInvalid, ibsCbsCst: M.ibsCbsRequired, ibsCbsClassification: M.ibsCbsRequired });
  });

  it("Lucro Presumido and Real must send IBS/CBS in 2026; Simples Nacional and MEI may leave it empty", () => {
    const empty = { ...INVOICE_FORM, ibsCbsCst: "", ibsCbsClassification: "" };
    for (const taxRegime of ["lucro_presumido", "lucro_real"])
      expect(errorsOf({ ...empty, taxRegime })).toEqual({
        ibsCbsCst: M.ibsCbsRequired,
        ibsCbsClassification: M.ibsCbsRequired,
      });
    for (const taxRegime of ["simples_nacional", "mei"])
      expect(errorsOf({ ...empty, taxRegime })).toEqual({});
  });

  it("a save stores the row (rates in basis points) and audits what changed", async () => {
    await saveInvoiceSettings({
      input: invoiceSettingsSchema.parse(INVOICE_FORM),
      actor: { id: "a1", name: "Ana" },
    });
    await saveInvoiceSettings({
      input: invoiceSettingsSchema.parse({ ...INVOICE_FORM, issRate: "5", issWithheld: "on" }),
      actor: { id: "a1", name: "Ana" },
    });
    expect(await getInvoiceSettings()).toMatchObject({
      taxRegime: "lucro_presumido",
      issRateBp: 500,
      issWithheld: true,
      pisRateBp: 65,
      irRateBp: 150,
      ibsCbsCst: "000",
      nbsCode: "115021000",
      issueWhen: "pagamento",
    });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, "settings.invoice_updated"));
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => a.changes)).toContainEqual({
      issRateBp: [200, 500],
      issWithheld: [false, true],
    });
    // The database refuses what the form would: a Lucro Real row without IBS/CBS.
    await expect(
      t.db
        .update(invoiceSettings)
        .set({ taxRegime: "lucro_real", ibsCbsCst: null })
        .where(eq(invoiceSettings.id, 1)),
    ).rejects.toThrow();
  });
});
