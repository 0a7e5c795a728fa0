// npm run admin:create -- --email X --password Y [--name "Nome"]
import { z } from "zod";
import { isCommonPassword } from "../app/modules/auth/password-policy.server";
import { upsertAdmin } from "../app/modules/auth/users.server";
import { arg, openConfiguredDatabase } from "./lib/connect";

const parsed = z
  .object({
    email: z.email("Informe um e-mail válido em --email"),
    password: z
      .string({ error: "Informe a senha em --password" })
      .min(6, "A senha (--password) deve ter pelo menos 6 caracteres")
      .refine((p) => !isCommonPassword(p), "Escolha uma senha menos comum (--password)."),
    name: z.string().min(1).optional(),
  })
  .safeParse({ email: arg("email"), password: arg("password"), name: arg("name") });
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => i.message).join("\n"));
  console.error("Uso: npm run admin:create -- --email admin@empresa.com --password 'senha-forte'");
  process.exit(2);
}
const db = await openConfiguredDatabase();
const result = await upsertAdmin(parsed.data);
console.log(
  result.created
    ? `Administrador ${parsed.data.email} criado.`
    : `Administrador ${parsed.data.email} atualizado (nova senha).`,
);
await db.close();
