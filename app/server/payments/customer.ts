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
