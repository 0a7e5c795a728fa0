import { randomBytes } from "node:crypto";
import { env } from "~/lib/env.server";
import { passwordProblem } from "./password-policy.server";
import { countAdmins, upsertAdmin } from "./users.server";

export const DEFAULT_ADMIN_EMAIL = "admin@example.com";

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD set: that admin exists with that password.
 * Neither set and no admin yet: admin@example.com with a random password, printed once.
 * ADMIN_PASSWORD follows the password rule of every other password (password-policy.server):
 * a common one stops the boot with the reason.
 */
export async function ensureAdmin({ log }: { log: (msg: string) => void }) {
  const e = env();
  if (e.ADMIN_EMAIL && e.ADMIN_PASSWORD) {
    const problem = passwordProblem(e.ADMIN_PASSWORD);
    if (problem) throw new Error(`ADMIN_PASSWORD recusada: ${problem}`);
    await upsertAdmin({ email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD });
    return;
  }
  if ((await countAdmins()) > 0) return;
  const password = randomBytes(9).toString("base64url");
  await upsertAdmin({ email: DEFAULT_ADMIN_EMAIL, password });
  const line = "=".repeat(64);
  log(
    `\n${line}\n  Administrador criado (anote, esta senha não será mostrada de novo):\n` +
      `    e-mail: ${DEFAULT_ADMIN_EMAIL}\n    senha:  ${password}\n` +
      `  Acesse /admin/login. Para trocar: npm run admin:create -- --email X --password Y\n${line}\n`,
  );
}
