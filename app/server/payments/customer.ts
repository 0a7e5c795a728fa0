import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import type { clients } from "~/db/schema";
import type { ProviderCustomerInput } from "./provider";

type ClientRow = typeof clients.$inferSelect;

/**
 * What the provider keeps of a client: the name its charges and notes carry, how to reach it, its
 * CPF/CNPJ and, once given in full, its fiscal address. One place, so a charge sent and a tax
 * invoice issued describe the client alike.
 */
export function providerCustomer(
  client: Pick<
    ClientRow,
    | "id"
    | "name"
    | "businessName"
    | "email"
    | "document"
    | "phone"
    | "addressCep"
    | "addressStreet"
    | "addressNumber"
    | "addressComplement"
    | "addressDistrict"
  >,
): ProviderCustomerInput {
  const { addressCep, addressStreet, addressNumber, addressDistrict } = client;
  return {
    externalReference: client.id,
    name: client.businessName || client.name,
    email: client.email,
    document: client.document,
    phone: client.phone,
    address:
      addressCep && addressStreet && addressNumber && addressDistrict
        ? {
            postalCode: addressCep,
            street: addressStreet,
            number: addressNumber,
            complement: client.addressComplement,
            district: addressDistrict,
          }
        : null,
  };
}

/**
 * Holds, until the transaction ends, the right to look up or create this client's customer at
 * the provider: Asaas finds a customer by our reference but creates a duplicate when two calls
 * both find none (a charge being sent while a tax invoice is issued), so the second waits and
 * then finds the first's.
 */
export async function lockProviderCustomer(tx: DbOrTx, clientId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`provider-customer:${clientId}`}))`);
}
