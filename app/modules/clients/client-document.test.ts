import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, plans } from "~/db/schema";
import { ADDRESS_MESSAGES } from "~/lib/br-address";
import { DOCUMENT_MESSAGES } from "~/lib/br-documents";
import { useTestDatabase } from "../../../tests/support/db";
import { submitClientForm } from "./client-form.server";

const t = useTestDatabase();
let planId: string;

/** The form's fields as the route reads them (readForm). */
function form(fields: Record<string, string>): Record<string, string> {
  const base = {
    name: "Ana Souza",
    phone: "(11) 99999-0000",
    businessName: "Pizzaria da Ana",
    status: "ativo",
  };
  return { ...base, planId, ...fields };
}

async function stored(email: string) {
  const [row] = await t.db.select().from(clients).where(eq(clients.email, email));
  return row;
}

beforeAll(async () => {
  [{ id: planId }] = await t.db.insert(plans).values({ name: "Básico", priceCents: 4990 }).returning();
});

describe("CPF/CNPJ on the client form (fiscal data)", () => {
  it("stores a masked CPF and an alphanumeric CNPJ normalised; empty stays empty", async () => {
    const cpf = await submitClientForm({
      fields: form({ email: "cpf@teste.dev", document: "529.982.247-25" }),
    });
    expect(cpf.ok).toBe(true);
    expect((await stored("cpf@teste.dev")).document).toBe("52998224725");
    const cnpj = await submitClientForm({
      fields: form({ email: "cnpj@teste.dev", document: "12.abc.345/01de-35" }),
    });
    expect(cnpj.ok).toBe(true);
    expect((await stored("cnpj@teste.dev")).document).toBe("12ABC34501DE35");
    expect((await submitClientForm({ fields: form({ email: "sem@teste.dev", document: "" }) })).ok).toBe(
      true,
    );
    expect((await stored("sem@teste.dev")).document).toBeNull();
  });

  it("refuses an invalid CPF or CNPJ with its pt-BR message and changes nothing", async () => {
    const id = (await stored("cpf@teste.dev")).id;
    const bad = await submitClientForm({
      id,
      fields: form({ email: "cpf@teste.dev", name: "Outro Nome", document: "529.982.247-24" }),
    });
    expect(bad.ok).toBe(false);
    expect("fieldErrors" in bad && bad.fieldErrors?.document).toBe(DOCUMENT_MESSAGES.cpfInvalid);
    expect(await stored("cpf@teste.dev")).toMatchObject({ name: "Ana Souza", document: "52998224725" });
    const badCnpj = await submitClientForm({
      fields: form({ email: "x@teste.dev", document: "12.ABC.345/01DE-36" }),
    });
    expect("fieldErrors" in badCnpj && badCnpj.fieldErrors?.document).toBe(DOCUMENT_MESSAGES.cnpjInvalid);
    expect(await stored("x@teste.dev")).toBeUndefined();
  });
});

const ADDRESS = {
  addressCep: "01310-100",
  addressStreet: "Avenida Paulista",
  addressNumber: "1000",
  addressComplement: "sala 5",
  addressDistrict: "Bela Vista",
  addressCity: "São Paulo",
  addressCityIbge: "3550308",
  addressUf: "sp",
};

describe("the fiscal address on the client form", () => {
  it("stores a complete address normalised (CEP digits, UF upper-case); editing can clear it", async () => {
    const created = await submitClientForm({ fields: form({ email: "end@teste.dev", ...ADDRESS }) });
    expect(created.ok).toBe(true);
    const row = await stored("end@teste.dev");
    expect(row).toMatchObject({
      addressCep: "01310100",
      addressStreet: "Avenida Paulista",
      addressComplement: "sala 5",
      addressCityIbge: "3550308",
      addressUf: "SP",
    });
    const cleared = Object.fromEntries(Object.keys(ADDRESS).map((k) => [k, ""]));
    const edited = await submitClientForm({
      id: row.id,
      fields: form({ email: "end@teste.dev", ...cleared }),
    });
    expect(edited.ok).toBe(true);
    expect(await stored("end@teste.dev")).toMatchObject({
      addressCep: null,
      addressStreet: null,
      addressUf: null,
    });
  });

  it("refuses a bad CEP, UF or IBGE code and a half-filled address with pt-BR messages; nothing saved", async () => {
    const bad = await submitClientForm({
      fields: form({
        email: "meio@teste.dev",
        ...ADDRESS,
        addressCep: "0131-100",
        addressUf: "XX",
        addressCityIbge: "355030",
      }),
    });
    expect(bad.ok).toBe(false);
    expect("fieldErrors" in bad && bad.fieldErrors).toMatchObject({
      addressCep: ADDRESS_MESSAGES.cepInvalid,
      addressUf: ADDRESS_MESSAGES.ufInvalid,
      addressCityIbge: ADDRESS_MESSAGES.ibgeInvalid,
    });
    expect("values" in bad && bad.values?.addressStreet).toBe("Avenida Paulista");
    const half = await submitClientForm({
      fields: form({
        email: "meio@teste.dev",
        addressCep: "01310100",
        addressCityIbge: "3304557",
        addressUf: "SP",
      }),
    });
    expect("fieldErrors" in half && half.fieldErrors).toMatchObject({
      addressStreet: ADDRESS_MESSAGES.streetRequired,
      addressNumber: ADDRESS_MESSAGES.numberRequired,
      addressDistrict: ADDRESS_MESSAGES.districtRequired,
      addressCity: ADDRESS_MESSAGES.cityRequired,
      addressCityIbge: ADDRESS_MESSAGES.ibgeOtherUf("SP"),
    });
    expect("fieldErrors" in half && half.fieldErrors?.addressComplement).toBeUndefined();
    expect(await stored("meio@teste.dev")).toBeUndefined();
  });
});
