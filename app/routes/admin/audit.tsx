import { Form, Link } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/audit";
import { AuditTable } from "~/components/admin/audit/audit-table";
import { KeysetPagination } from "~/components/admin/keyset-pagination";
import { Button } from "~/components/ui/form";
import { ListError } from "~/components/ui/list-states";
import { PageHeader } from "~/components/ui/page-header";
import { isoToBrDate, parseBrDate } from "~/lib/dates";
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from "~/components/admin/audit/audit-labels";
import { listAuditActors, listAuditEntries } from "~/modules/audit/audit.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { BrDateInput } from "~/components/ui/br-date-input";

// ?pessoa=<user id>&tipo=<entity>&acao=<action>&de=YYYY-MM-DD&ate=YYYY-MM-DD&before=<cursor>.
// Unknown values are ignored (allow-lists), never an error.
// dd/mm/aaaa as typed in the filter (ISO also read), used as ISO.
const Day = z
  .string()
  .max(10)
  .transform((v) => parseBrDate(v) ?? undefined)
  .optional()
  .catch(undefined);
const ParamsSchema = z.object({
  pessoa: z.string().max(100).optional().catch(undefined),
  tipo: z
    .enum(Object.keys(AUDIT_ENTITY_LABELS) as [string, ...string[]])
    .optional()
    .catch(undefined),
  acao: z
    .enum(Object.keys(AUDIT_ACTION_LABELS) as [string, ...string[]])
    .optional()
    .catch(undefined),
  de: Day,
  ate: Day,
  before: z.uuid().optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const sp = new URL(request.url).searchParams;
  const p = ParamsSchema.parse(Object.fromEntries([...sp].filter(([, v]) => v !== "")));
  const [{ rows, next }, actors] = await Promise.all([
    listAuditEntries({
      filters: { actorId: p.pessoa, entityType: p.tipo, action: p.acao, from: p.de, to: p.ate },
      before: p.before,
    }),
    listAuditActors(),
  ]);
  return {
    rows,
    next,
    actors,
    filters: {
      pessoa: p.pessoa ?? "",
      tipo: p.tipo ?? "",
      acao: p.acao ?? "",
      de: p.de ? isoToBrDate(p.de) : "",
      ate: p.ate ? isoToBrDate(p.ate) : "",
    },
    before: p.before ?? null,
  };
}

const SELECT =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none";
const ENTITY_OPTIONS = Object.entries(AUDIT_ENTITY_LABELS);
const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).sort((a, b) => a[1].localeCompare(b[1], "pt-BR"));

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { rows, next, actors, filters, before } = loaderData;
  const filtered = Object.values(filters).some(Boolean);
  return (
    <div>
      <PageHeader
        title="Auditoria"
        subtitle="Quem alterou o quê e quando no painel. Os registros não podem ser editados nem excluídos."
      />
      <Form
        method="get"
        role="search"
        aria-label="Filtrar auditoria"
        className="mb-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
      >
        <div>
          <label htmlFor="audit-pessoa" className="block text-sm font-medium text-slate-700">
            Pessoa
          </label>
          <select id="audit-pessoa" name="pessoa" defaultValue={filters.pessoa} className={SELECT}>
            <option value="">Todas</option>
            {actors.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-tipo" className="block text-sm font-medium text-slate-700">
            Tipo de registro
          </label>
          <select id="audit-tipo" name="tipo" defaultValue={filters.tipo} className={SELECT}>
            <option value="">Todos</option>
            {ENTITY_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-acao" className="block text-sm font-medium text-slate-700">
            Ação
          </label>
          <select id="audit-acao" name="acao" defaultValue={filters.acao} className={SELECT}>
            <option value="">Todas</option>
            {ACTION_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-de" className="block text-sm font-medium text-slate-700">
            De
          </label>
          <BrDateInput
            key={`de-${filters.de}`}
            id="audit-de"
            name="de"
            defaultValue={filters.de}
            className={SELECT}
          />
        </div>
        <div>
          <label htmlFor="audit-ate" className="block text-sm font-medium text-slate-700">
            Até
          </label>
          <BrDateInput
            key={`ate-${filters.ate}`}
            id="audit-ate"
            name="ate"
            defaultValue={filters.ate}
            className={SELECT}
          />
        </div>
        <div className="flex items-end gap-3">
          <Button type="submit">Filtrar</Button>
          {filtered && (
            <Link to="/admin/audit" className="py-2 text-sm font-semibold text-brand-700 hover:underline">
              Limpar filtros
            </Link>
          )}
        </div>
      </Form>
      <AuditTable
        rows={rows}
        emptyText={filtered ? "Nenhum registro para estes filtros." : "Nenhuma alteração registrada ainda."}
      />
      <KeysetPagination before={before} next={next} />
    </div>
  );
}

export function meta() {
  return [{ title: "Auditoria | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message="Erro ao carregar a auditoria" />;
}
