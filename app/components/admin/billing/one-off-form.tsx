import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button, SelectField, TextField } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { Toast } from "~/lib/form-reply";
import type { BillableClient } from "~/modules/billing/list.server";

type Reply = { toast?: Toast | null; fieldErrors?: Record<string, string> } | undefined;

/**
 * The client of a one-off charge on Financeiro: a search box whose text the server filters
 * (/admin/billing/clients, clients with a subscription), and a select of what it found.
 */
function ClientPicker({ error }: { error?: string }) {
  const search = useFetcher<{ clients: BillableClient[] }>();
  const [q, setQ] = useState("");
  const load = search.load;
  useEffect(() => {
    // A new load cancels the one still running, so the list always matches the last text typed.
    load(`/admin/billing/clients?q=${encodeURIComponent(q)}`);
  }, [q, load]);
  const found = search.data?.clients ?? [];
  // The choice stays while the client is still in the list the last search returned (a search
  // answered after the admin chose must not undo the choice), and is dropped when it is not.
  const [chosen, setChosen] = useState("");
  const value = found.some((c) => c.id === chosen) ? chosen : "";
  return (
    <>
      <TextField
        label="Buscar cliente"
        name="clientSearch"
        type="search"
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        maxLength={100}
        hint="Nome, e-mail ou negócio de um cliente com assinatura."
      />
      <SelectField
        label="Cliente"
        name="clientId"
        error={error}
        value={value}
        onChange={(e) => setChosen(e.currentTarget.value)}
      >
        <option value="">{found.length ? "Selecione o cliente" : "Nenhum cliente encontrado"}</option>
        {found.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} · {c.businessName}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/**
 * "Nova cobrança avulsa", posted to Financeiro's action. On the client page the client is given
 * (and the action comes back there); on Financeiro the admin picks one.
 */
export function OneOffForm({ clientId, back }: { clientId?: string; back?: string }) {
  const fetcher = useFetcher<Reply>();
  useReplyToast(fetcher.data);
  const errors = fetcher.data?.fieldErrors ?? {};
  // The picker (and its search request) exists only while the form is unfolded.
  const [open, setOpen] = useState(false);
  return (
    <details className="mb-4" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-medium text-brand-700">Nova cobrança avulsa</summary>
      <fetcher.Form
        method="post"
        action="/admin/billing"
        className="mt-3 grid gap-3 md:grid-cols-4"
        aria-label="Nova cobrança avulsa"
      >
        <input type="hidden" name="intent" value="one-off" />
        {clientId ? (
          <input type="hidden" name="clientId" value={clientId} />
        ) : (
          open && <ClientPicker error={errors.clientId} />
        )}
        {back && <input type="hidden" name="back" value={back} />}
        <TextField
          label="Descrição"
          name="description"
          maxLength={200}
          error={errors.description}
          className="md:col-span-2"
        />
        <TextField label="Valor (R$)" name="amount" maxLength={20} error={errors.amount} />
        <TextField
          label="Vencimento"
          name="dueDate"
          placeholder="dd/mm/aaaa"
          maxLength={10}
          error={errors.dueDate}
        />
        <Button type="submit" busy={fetcher.state !== "idle"} busyLabel="Criando...">
          Criar cobrança
        </Button>
      </fetcher.Form>
    </details>
  );
}
