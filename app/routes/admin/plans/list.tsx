import { Plus } from "lucide-react";
import { useNavigation } from "react-router";
import type { Route } from "./+types/list";
import { ConfirmButton } from "~/components/admin/confirm-dialog";
import { Badge, DataTable, EditLink, EmptyRow, Th } from "~/components/admin/ui";
import { ActionLink, PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { toast, type ToastKind } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { formatMoney } from "~/lib/format";
import { requireAdmin } from "~/modules/auth/session.server";
import { PLAN_MESSAGES, planInUseMessage, planUsageText } from "~/modules/plans/plans.schema";
import { deletePlan, listPlansWithUsage } from "~/modules/plans/plans.server";
import { readForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { plans: await listPlansWithUsage(), toast: null };
  } catch (err) {
    log.error({ err }, "plans list failed");
    return { plans: [], toast: toast.error(PLAN_MESSAGES.listFailed) };
  }
}

// Deletes come from a fetcher; the redirect back carries the toast and replaces the entry.
export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const back = (type: ToastKind, message: string) =>
    redirectWithToast("/admin/plans", type, message, { replace: true });
  const form = await readForm(request);
  if (form.intent !== "delete") return back("error", PLAN_MESSAGES.deleteFailed);
  try {
    const result = await deletePlan({ id: form.id ?? "", actor: user });
    if (result.ok) return back("success", PLAN_MESSAGES.deleted);
    if (result.reason === "in_use") return back("error", planInUseMessage(result.clients));
    return back("error", PLAN_MESSAGES.deleteFailed);
  } catch (err) {
    log.error({ err }, "plan delete failed");
    return back("error", PLAN_MESSAGES.deleteFailed);
  }
}

export default function PlansList({ loaderData }: Route.ComponentProps) {
  const { plans } = loaderData;
  useReplyToast(loaderData);
  const navigation = useNavigation();
  const openingPlan =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/admin/plans/edit/");
  return (
    <>
      <PageHeader
        title="Planos"
        subtitle="Planos exibidos no site, do mais barato ao mais caro."
        actions={
          <ActionLink to="/admin/plans/new" icon={Plus}>
            Novo Plano
          </ActionLink>
        }
      />
      <p role="status" className="mb-2 min-h-5 text-sm text-slate-600">
        {openingPlan ? "Carregando dados do plano..." : ""}
      </p>
      <DataTable
        caption="Planos"
        head={
          <>
            <Th>Nome</Th>
            <Th>Preço mensal</Th>
            <Th>Taxa de ativação</Th>
            <Th>Funcionalidades</Th>
            <Th>Clientes</Th>
            <Th right>Ações</Th>
          </>
        }
      >
        {plans.length === 0 && <EmptyRow colSpan={6}>Nenhum plano cadastrado.</EmptyRow>}
        {plans.map((p) => (
          <tr key={p.id} className="hover:bg-slate-50">
            <td className="px-4 py-3 font-medium text-slate-900">
              {p.name} {p.isPopular && <Badge color="blue">Mais popular</Badge>}
              {p.description && <p className="mt-0.5 text-xs font-normal text-slate-600">{p.description}</p>}
            </td>
            <td className="px-4 py-3 whitespace-nowrap">{formatMoney(p.priceCents)}/mês</td>
            <td className="px-4 py-3 whitespace-nowrap">{formatMoney(p.setupFeeCents)}</td>
            <td className="px-4 py-3">{p.features.length}</td>
            <td className="px-4 py-3 whitespace-nowrap">
              {p.clients > 0 ? planUsageText(p.clients) : "Nenhum"}
            </td>
            <td className="px-4 py-3">
              <div className="flex justify-end gap-1">
                <EditLink to={`/admin/plans/edit/${p.id}`} name={p.name} />
                <ConfirmButton
                  label={`Excluir ${p.name}`}
                  title="Excluir plano"
                  // Said before the confirmation, not only in the refusal after it.
                  description={
                    p.clients > 0
                      ? `O plano ${p.name} está ${planUsageText(p.clients)}: a exclusão será recusada enquanto houver clientes associados a ele.`
                      : `Tem certeza que deseja excluir o plano ${p.name}?`
                  }
                  fields={{ intent: "delete", id: p.id }}
                  action="/admin/plans"
                  preventScrollReset
                />
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

export function meta() {
  return [{ title: "Planos | CardápioDigital" }];
}
