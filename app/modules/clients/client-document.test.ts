import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, plans } from "~/db/schema";
import { DOCUMENT_MESSAGES } from "~/lib/br-documents";
import { useTestDatabase } from "../../../tests/support/db";
import { submitClientForm } from "./client-form.server";

const t = useTestDatabase();
let planId: string;

function form(fields: Record<string, string>) {
  const f = new FormData();
  const base = {
    name: "Ana Souza",
    phone: "(11) 99999-0000",
    businessName: "Pizzaria da Ana",
    status: "ativo",
  };
  for (const [k, v] of Object.entries({ ...base, planId, ...fields })) f.set(k, v);
  return f;
}

async function stored(email: string) {
  const [row] = await t.db.select().from(clients).where(eq(clients.email, email));
  return row;
}

beforeAll(async () => {
  [{ id: planId }] = await t.db.insert(plans).values({ name: "Básico", priceCents: 4990 }).returning();
});

describe("CPF/CNPJ on the client form", () => {
  it("stores a masked CPF and an alphanumeric CNPJ normalised; empty stays empty", async () => {
    const cpf = await submitClientForm({
      form: form({ email: "cpf@teste.dev", document: "529.982.247-25" }),
    });
    expect(cpf.ok).toBe(true);
    expect((await stored("cpf@teste.dev")).document).toBe("52998224725");
    const cnpj = await submitClientForm({
      form: form({ email: "cnpj@teste.dev", document: "12.abc.345/01de-35" }),
    });
    expect(cnpj.ok).toBe(true);
    expect((await stored("cnpj@teste.dev")).document).toBe("12ABC34501DE35");
    expect((await submitClientForm({ form: form({ email: "sem@teste.dev", document: "" }) })).ok).toBe(true);
    expect((await stored("sem@teste.dev")).document).toBeNull();
  });

  it("refuses an invalid CPF or CNPJ with its pt-BR message and changes nothing", async () => {
    const id = (await stored("cpf@teste.dev")).id;
    const bad = await submitClientForm({
      id,
      form: form({ email: "cpf@teste.dev", name: "Outro Nome", document: "529.982.247-24" }),
    });
    expect(bad.ok).toBe(false);
    expect("fieldErrors" in bad && bad.fieldErrors?.document).toBe(DOCUMENT_MESSAGES.cpfInvalid);
    expect(await stored("cpf@teste.dev")).toMatchObject({ name: "Ana Souza", document: "52998224725" });
    const badCnpj = await submitClientForm({
      form: form({ email: "x@teste.dev", document: "12.ABC.345/01DE-36" }),
    });
    expect("fieldErrors" in badCnpj && badCnpj.fieldErrors?.document).toBe(DOCUMENT_MESSAGES.cnpjInvalid);
    expect(await stored("x@teste.dev")).toBeUndefined();
  });
});
