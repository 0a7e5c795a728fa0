/**
 * Registration rules: the spec's flow and messages, plus common passwords
 * refused and names cleaned of invisible characters (3 to 100 characters).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { representatives, user } from "~/db/schema";
import * as repRegister from "~/routes/representante/register";
import { useTestDatabase } from "../../../tests/support/db";
import { context, outcome, post } from "../../../tests/support/requests";
import { resetEnvCache } from "~/lib/env.server";
import { cleanName } from "./auth.schema";
import { ensureAdmin } from "./bootstrap.server";
import { isCommonPassword, passwordProblem } from "./password-policy.server";

const t = useTestDatabase();

const register = (fields: Record<string, string>) =>
  outcome(() =>
    repRegister.action({
      request: post("/representante/register", fields),
      params: {},
      context: context(),
    } as never),
  );
const form = (over: Partial<Record<string, string>> = {}) => ({
  name: "Dora Prado",
  email: "dora@test.dev",
  password: "dora-prado-2026",
  confirmPassword: over.password ?? "dora-prado-2026",
  ...over,
});
const usersWith = (email: string) => t.db.select().from(user).where(eq(user.email, email));

describe("passwordProblem (the rule every password-setting page uses)", () => {
  it("refuses the most common passwords whatever their case, and the spec's short ones", () => {
    for (const pw of ["123456", "password", "Password", "QWERTY123", "senha123", "brasil", "mudar123"]) {
      expect(isCommonPassword(pw), pw).toBe(true);
      expect(passwordProblem(pw), pw).toBe("Escolha uma senha menos comum.");
    }
    expect(passwordProblem("12345")).toBe("A senha deve ter pelo menos 6 caracteres");
    expect(passwordProblem("")).toBe("Informe a senha.");
    expect(passwordProblem("x".repeat(129))).toBe("A senha deve ter no máximo 128 caracteres.");
    for (const pw of ["dora-prado-2026", "Cardápio Digital é bom", "k9#vQ2!m"]) {
      expect(passwordProblem(pw), pw).toBeNull();
    }
  });
});

describe("representative registration", () => {
  it("refuses a common password with its message, keeps what was typed, and creates nothing", async () => {
    const res = await register(form({ password: "123456789" }));
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      fieldErrors: { password: "Escolha uma senha menos comum." },
      values: { name: "Dora Prado", email: "dora@test.dev" },
    });
    expect(await usersWith("dora@test.dev")).toHaveLength(0);
  });

  it("keeps the spec's 6-character minimum and message (before the list)", async () => {
    const res = await register(form({ password: "12345" }));
    expect(res.data).toMatchObject({ fieldErrors: { password: "A senha deve ter pelo menos 6 caracteres" } });
  });

  it("removes zero-width and bidi-control characters from the name, trims it, and stores the rest", async () => {
    const res = await register(
      form({ name: "  \u200BDo\u200Dra\u202E Pra\u2066do\uFEFF  ", email: "dora.limpa@test.dev" }),
    );
    expect(res.location).toBe("/representante/login");
    const [u] = await usersWith("dora.limpa@test.dev");
    expect(u.name).toBe("Dora Prado");
    const [rep] = await t.db.select().from(representatives).where(eq(representatives.authId, u.id));
    expect(rep.name).toBe("Dora Prado");
  });

  it("counts the name's length without invisible characters: 3 to 100", async () => {
    const short = await register(form({ name: "A\u200B\u200B\u200Bb", email: "curto@test.dev" }));
    expect(short.data).toMatchObject({ fieldErrors: { name: "O nome deve ter pelo menos 3 caracteres." } });
    const long = await register(form({ name: "N".repeat(101), email: "longo@test.dev" }));
    expect(long.data).toMatchObject({ fieldErrors: { name: "O nome deve ter no máximo 100 caracteres." } });
    const invisible = await register(form({ name: "\u200B\u202E\u2066", email: "vazio@test.dev" }));
    expect(invisible.data).toMatchObject({ fieldErrors: { name: "Informe o nome." } });
    expect(await usersWith("curto@test.dev")).toHaveLength(0);
    expect(await usersWith("longo@test.dev")).toHaveLength(0);
    const exact = await register(form({ name: "N".repeat(100), email: "cem@test.dev" }));
    expect(exact.location).toBe("/representante/login");
  });

  it("still answers an e-mail in use with the spec's message", async () => {
    await register(form({ email: "repetido@test.dev" }));
    const again = await register(form({ email: "repetido@test.dev" }));
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ formError: "Erro ao criar conta. Este email pode já estar em uso." });
  });

  it("cleanName leaves ordinary accents and spaces inside the name alone", () => {
    expect(cleanName(" José  da Conceição ")).toBe("José  da Conceição");
  });
});

describe("ADMIN_PASSWORD", () => {
  it("follows the same rule: a common one stops the boot with the reason, and no admin is made", async () => {
    process.env.ADMIN_EMAIL = "comum@test.dev";
    process.env.ADMIN_PASSWORD = "admin123";
    resetEnvCache();
    try {
      await expect(ensureAdmin({ log: () => {} })).rejects.toThrow(
        "ADMIN_PASSWORD recusada: Escolha uma senha menos comum.",
      );
      expect(await usersWith("comum@test.dev")).toHaveLength(0);
    } finally {
      delete process.env.ADMIN_EMAIL;
      delete process.env.ADMIN_PASSWORD;
      resetEnvCache();
    }
  });
});
