import { describe, expect, it } from "vitest";
import * as conta from "~/routes/representante/conta";
import { useTestDatabase } from "../../../tests/support/db";
import { context, get, outcome, post, representativeCookie } from "../../../tests/support/requests";
import {
  isValidCnpj,
  isValidCpf,
  normalizePixKey,
  PROFILE_MESSAGES,
  RepresentativeProfileSchema,
} from "./profile.schema";
import { getRepresentativeProfile } from "./representative-profile.server";

useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;

describe("CPF, CNPJ and PIX keys", () => {
  it("checks CPF and CNPJ check digits", () => {
    expect(isValidCpf("529.982.247-25")).toBe(true);
    expect(isValidCpf("529.982.247-24")).toBe(false);
    expect(isValidCpf("111.111.111-11")).toBe(false);
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCnpj("11.222.333/0001-80")).toBe(false);
    expect(isValidCnpj("00.000.000/0000-00")).toBe(false);
  });
  it("normalizes each key type, refusing what does not fit it", () => {
    expect(normalizePixKey("cpf", "529.982.247-25")).toBe("52998224725");
    expect(normalizePixKey("cnpj", "11.222.333/0001-81")).toBe("11222333000181");
    expect(normalizePixKey("email", " Ana@Exemplo.com.br ")).toBe("ana@exemplo.com.br");
    expect(normalizePixKey("telefone", "+55 (11) 98765-4321")).toBe("11987654321");
    expect(normalizePixKey("aleatoria", "123E4567-E89B-12D3-A456-426614174000")).toBe(
      "123e4567-e89b-12d3-a456-426614174000",
    );
    expect(normalizePixKey("cpf", "11222333000181")).toBeNull();
    expect(normalizePixKey("email", "ana@")).toBeNull();
    expect(normalizePixKey("telefone", "(00) 1234-5678")).toBeNull();
    expect(normalizePixKey("aleatoria", "nao-e-uuid")).toBeNull();
  });
  it("requires type and key together; everything else is optional", () => {
    expect(RepresentativeProfileSchema.parse({})).toEqual({
      phone: null,
      pixKeyType: null,
      pixKey: null,
      document: null,
    });
    const keyOnly = RepresentativeProfileSchema.safeParse({ pixKey: "ana@exemplo.com" });
    expect(keyOnly.error?.issues[0].message).toBe(PROFILE_MESSAGES.pixKeyTypeRequired);
    const wrong = RepresentativeProfileSchema.safeParse({ pixKeyType: "cpf", pixKey: "123.456.789-00" });
    expect(wrong.error?.issues[0].message).toBe(PROFILE_MESSAGES.pixKey.cpf);
    const badDoc = RepresentativeProfileSchema.safeParse({ document: "12345678901" });
    expect(badDoc.error?.issues[0].message).toBe(PROFILE_MESSAGES.document);
  });
});

describe("/representante/conta: Dados de pagamento", () => {
  it("saves the signed-in representative's own details, normalized; bad input changes nothing", async () => {
    const ana = await representativeCookie("ana-perfil@test.dev", "senha-rep-123", "Ana Perfil");
    const bruno = await representativeCookie("bruno-perfil@test.dev", "senha-rep-123", "Bruno Perfil");
    const bad = await outcome(() =>
      conta.action(
        args(
          post(
            "/representante/conta",
            { intent: "profile", phone: "123", pixKeyType: "cpf", pixKey: "1" },
            ana.cookie,
          ),
        ),
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      fieldErrors: { phone: PROFILE_MESSAGES.phone, pixKey: PROFILE_MESSAGES.pixKey.cpf },
    });
    expect(await getRepresentativeProfile({ representativeId: ana.representativeId })).toEqual({
      phone: null,
      pixKeyType: null,
      pixKey: null,
      document: null,
    });
    const ok = await outcome(() =>
      conta.action(
        args(
          post(
            "/representante/conta",
            {
              intent: "profile",
              phone: "(11) 98765-4321",
              pixKeyType: "telefone",
              pixKey: "+55 11 98765-4321",
              document: "529.982.247-25",
              // A forged owner is ignored: the representative comes from the session.
              representativeId: bruno.representativeId,
            },
            ana.cookie,
          ),
        ),
      ),
    );
    expect(ok.location).toBe("/representante/conta");
    expect(await getRepresentativeProfile({ representativeId: ana.representativeId })).toEqual({
      phone: "11987654321",
      pixKeyType: "telefone",
      pixKey: "11987654321",
      document: "52998224725",
    });
    expect((await getRepresentativeProfile({ representativeId: bruno.representativeId }))?.pixKey).toBeNull();
    const page = await outcome(() => conta.loader(args(get("/representante/conta", ana.cookie))));
    expect(page.data).toMatchObject({ profile: { pixKey: "11987654321" } });
  });
});
