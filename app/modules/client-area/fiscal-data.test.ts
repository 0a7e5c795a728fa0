// "Seus dados" → "Dados para a nota fiscal": the client fills its own CPF/CNPJ and fiscal address;
// the id is always the session's, bad input changes nothing and answers in pt-BR, and the page
// shows the form as a plain HTML form (it works without JavaScript).
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, clients } from "~/db/schema";
import { FiscalDataForm } from "~/components/client-area/fiscal-data-form";
import { ADDRESS_MESSAGES } from "~/lib/br-address";
import { DOCUMENT_MESSAGES } from "~/lib/br-documents";
import * as dados from "~/routes/cliente/dados";
import { clientCookie, makeClient } from "../../../tests/support/client-area";
import { useTestDatabase } from "../../../tests/support/db";
import { context, flashMessage, get, outcome, post } from "../../../tests/support/requests";
import { FISCAL_DATA_MESSAGES } from "./fiscal-data.server";

const t = useTestDatabase();
const A = "fiscal-a@test.dev";
const B = "fiscal-b@test.dev";
let clientA = "";
let clientB = "";
let cookieA = "";

const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
const save = (form: Record<string, string>) =>
  outcome(() => dados.action(args(post("/cliente/dados", { intent: "fiscal", ...form }, cookieA))));
const FORM = {
  document: "529.982.247-25",
  addressCep: "20040-002",
  addressStreet: "Rua da Assembleia",
  addressNumber: "10",
  addressComplement: "",
  addressDistrict: "Centro",
  addressCity: "Rio de Janeiro",
  addressCityIbge: "3304557",
  addressUf: "RJ",
};
const row = async (id: string) => (await t.db.select().from(clients).where(eq(clients.id, id)))[0];

beforeAll(async () => {
  clientA = await makeClient(A, "Ana Fiscal", "Cantina Fiscal");
  clientB = await makeClient(B, "Beto Fiscal", "Bar Fiscal");
  cookieA = await clientCookie(A);
});

describe("Seus dados → Dados para a nota fiscal", () => {
  it("saves the client's own CPF and address, normalised and audited; another id in the form is ignored", async () => {
    const saved = await save({ ...FORM, clientId: clientB });
    // Saved, the page comes back with the toast (PRG, as every plain client-area form).
    expect(saved.location).toBe("/cliente/dados");
    expect(await flashMessage(saved)).toBe(FISCAL_DATA_MESSAGES.saved);
    expect(await row(clientA)).toMatchObject({
      document: "52998224725",
      addressCep: "20040002",
      addressComplement: null,
      addressCityIbge: "3304557",
      addressUf: "RJ",
    });
    expect(await row(clientB)).toMatchObject({ document: null, addressCep: null });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, clientA));
    expect(audit.find((a) => a.actorName === "Ana Fiscal (cliente)")?.changes).toMatchObject({
      addressCep: [null, "20040002"],
    });
    const page = await outcome(() => dados.loader(args(get("/cliente/dados", cookieA))));
    expect(page.data).toMatchObject({
      fiscal: { document: "529.982.247-25", addressCep: "20040002", addressCity: "Rio de Janeiro" },
    });
  });

  it("refuses a bad CPF, CEP, UF and a half address in pt-BR, keeps what was typed, changes nothing", async () => {
    const before = await row(clientA);
    const bad = await save({
      ...FORM,
      document: "529.982.247-24",
      addressCep: "2004",
      addressUf: "ZZ",
      addressStreet: "",
      addressNumber: "",
    });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      fieldErrors: {
        document: DOCUMENT_MESSAGES.cpfInvalid,
        addressCep: ADDRESS_MESSAGES.cepInvalid,
        addressUf: ADDRESS_MESSAGES.ufInvalid,
      },
      fiscalValues: { addressCity: "Rio de Janeiro" },
    });
    const half = await save({ ...FORM, addressStreet: "", addressCityIbge: "3550308" });
    expect(half.data).toMatchObject({
      fieldErrors: {
        addressStreet: ADDRESS_MESSAGES.streetRequired,
        addressCityIbge: ADDRESS_MESSAGES.ibgeOtherUf("RJ"),
      },
    });
    expect(await row(clientA)).toEqual(before);
  });

  it("is a plain form that posts its fields, with each field's error in place", () => {
    const html = renderToStaticMarkup(
      createElement(FiscalDataForm, {
        values: { addressCep: "20040002", addressUf: "RJ" },
        errors: { addressCity: ADDRESS_MESSAGES.cityRequired },
      }),
    );
    expect(html).toMatch(/<form [^>]*method="post"/);
    expect(html).toContain('name="intent" value="fiscal"');
    for (const name of ["document", "addressCep", "addressStreet", "addressCityIbge", "addressUf"])
      expect(html).toContain(`name="${name}"`);
    expect(html).toContain('value="20040-002"');
    expect(html).toContain(ADDRESS_MESSAGES.cityRequired);
  });
});
