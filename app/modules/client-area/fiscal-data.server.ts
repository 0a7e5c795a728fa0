import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { clients } from "~/db/schema";
import { ADDRESS_KEYS, checkAddress, type Address } from "~/lib/br-address";
import { formatCpfCnpj } from "~/lib/br-documents";
import { diffFields, recordAudit, type Actor } from "~/modules/audit/index.server";
import { ClientFields } from "~/modules/clients/clients.schema";
import type { z } from "~/lib/zod";
import { now } from "~/server/clock.server";

// "Seus dados" → "Dados para a nota fiscal": the CPF/CNPJ and the fiscal address a tax invoice
// needs, which the client may fill itself. Same rules and messages as the admin's client form; the
// client id is always the session's.

export const FiscalDataSchema = ClientFields.pick({
  document: true,
  addressCep: true,
  addressStreet: true,
  addressNumber: true,
  addressComplement: true,
  addressDistrict: true,
  addressCity: true,
  addressCityIbge: true,
  addressUf: true,
}).superRefine(checkAddress);
export type FiscalDataInput = z.output<typeof FiscalDataSchema>;

export const FISCAL_DATA_MESSAGES = {
  saved: "Dados para a nota fiscal salvos.",
  failed: "Não foi possível salvar os dados para a nota fiscal. Tente novamente.",
} as const;

const columns = {
  document: clients.document,
  ...(Object.fromEntries(ADDRESS_KEYS.map((k) => [k, clients[k]])) as Record<
    keyof Address,
    typeof clients.addressCep
  >),
};

/** What the form starts from: the stored values, the document masked as people write it. */
export async function getOwnFiscalData({ clientId }: { clientId: string }) {
  const [row] = await getDb().select(columns).from(clients).where(eq(clients.id, clientId));
  if (!row) return null;
  return { ...row, document: row.document ? formatCpfCnpj(row.document) : null };
}

/** Saves them; audited as made by the client's own login (only what changed). */
export async function updateOwnFiscalData({
  clientId,
  input,
  actor,
}: {
  clientId: string;
  input: FiscalDataInput;
  actor: Actor;
}): Promise<{ ok: true; message: string }> {
  await getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ ...columns, name: clients.name })
      .from(clients)
      .where(eq(clients.id, clientId))
      .for("update");
    if (!before) return;
    const changes = diffFields<Record<string, unknown>>(before, input);
    if (Object.keys(changes).length === 0) return;
    await tx
      .update(clients)
      .set({ ...input, updatedAt: now() })
      .where(eq(clients.id, clientId));
    await recordAudit(tx, {
      actor,
      action: "client.updated",
      entityType: "client",
      entityId: clientId,
      entityLabel: before.name,
      changes,
    });
  });
  return { ok: true, message: FISCAL_DATA_MESSAGES.saved };
}
