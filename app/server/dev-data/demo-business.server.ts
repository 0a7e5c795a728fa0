import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Tx } from "~/db/client.server";
import { account, representatives, user } from "~/db/schema";
import { DEMO_REPRESENTATIVE } from "./demo-business-content";

export interface DemoBusiness {
  representativeEmail: string;
  /** Generated on this start and shown once to the operator, like the first admin's. */
  representativePassword: string;
}

/**
 * The demo business's representative, who can sign in to the portal. The rest
 * of the demo business (leads, clients, charges, referrals…) is made afterwards by the modules'
 * own code moving the clock through the past year (app/modules/demo): the server layer
 * imports no module, so seedDemoData hands this representative to the caller's `build`.
 */
export async function seedDemoRepresentative(tx: Tx): Promise<DemoBusiness & { representativeId: string }> {
  const password = randomBytes(9).toString("base64url");
  // better-auth's own hash, so its sign-in verifies it (as the scale generator does).
  const authId = crypto.randomUUID();
  await tx.insert(user).values({
    id: authId,
    name: DEMO_REPRESENTATIVE.name,
    email: DEMO_REPRESENTATIVE.email,
    role: "representative",
  });
  await tx.insert(account).values({
    id: crypto.randomUUID(),
    accountId: authId,
    providerId: "credential",
    userId: authId,
    password: await hashPassword(password),
  });
  const [rep] = await tx
    .insert(representatives)
    .values({ name: DEMO_REPRESENTATIVE.name, email: DEMO_REPRESENTATIVE.email, authId })
    .returning({ id: representatives.id });
  return {
    representativeId: rep.id,
    representativeEmail: DEMO_REPRESENTATIVE.email,
    representativePassword: password,
  };
}
