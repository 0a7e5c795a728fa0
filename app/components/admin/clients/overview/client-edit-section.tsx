import { ClientForm, type ClientFormValues } from "~/components/admin/clients/client-form";
import { Card } from "~/components/admin/ui";
import { ADDRESS_KEYS, type AddressKey } from "~/lib/br-address";
import { formatCpfCnpj } from "~/lib/br-documents";
import type { FieldErrors } from "~/lib/validation";
import { NO_PLAN } from "~/modules/clients/clients.schema";
import type { Client } from "~/modules/clients/clients.server";

/**
 * "Editar Cliente", opened from the overview by "Editar dados": the spec's form
 * and texts; "Cancelar" goes back to the overview. After a refused save it shows what was typed.
 */
export function ClientEditSection({
  client,
  plans,
  refused,
}: {
  client: Client;
  plans: { id: string; name: string; priceCents: number }[];
  refused: { values?: ClientFormValues; fieldErrors?: FieldErrors; formError?: string | null } | null;
}) {
  return (
    <section id="dados-cliente" aria-labelledby="dados-cliente-titulo" tabIndex={-1} className="scroll-mt-4">
      <Card>
        <h2 id="dados-cliente-titulo" className="mb-4 text-lg font-semibold text-slate-900">
          Editar Cliente
        </h2>
        <ClientForm
          mode="edit"
          plans={plans}
          cancelTo={`/admin/clients/edit/${client.id}`}
          values={{
            ...(refused?.values ?? {
              name: client.name,
              email: client.email,
              phone: client.phone,
              businessName: client.businessName,
              document: client.document ? formatCpfCnpj(client.document) : "",
              status: client.status,
              ...(Object.fromEntries(ADDRESS_KEYS.map((k) => [k, client[k] ?? ""])) as Record<
                AddressKey,
                string
              >),
            }),
            // Shown, never posted: the stored plan, even after a refused save.
            planId: client.planId ?? NO_PLAN,
          }}
          errors={refused?.fieldErrors}
          formError={refused?.formError}
        />
      </Card>
    </section>
  );
}
