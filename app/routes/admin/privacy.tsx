import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/privacy";
import { Card } from "~/components/admin/ui";
import { Button, FormAlert, TextField } from "~/components/ui/form";
import { ListError } from "~/components/ui/list-states";
import { PrivacyNav } from "~/components/admin/privacy-nav";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError, replyInvalid } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { anonymiseSubject, LastAdminAnonymiseError } from "~/modules/privacy/data-subject-erase.server";
import {
  findSubjectData,
  subjectIsEmpty,
  subjectQueryFrom,
  SUBJECT_TABLES,
  type SubjectData,
} from "~/modules/privacy/data-subject-find.server";
import { AnonymiseSubjectSchema, SUBJECT_MESSAGES } from "~/modules/privacy/privacy.schema";
import { pendingDeletionRequests } from "~/modules/privacy/self-service.server";
import { formatDateTime } from "~/lib/format";
import { parseForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

const PATH = "/admin/privacy";

// Data subject requests (LGPD art. 18): find a person by e-mail or phone, export, anonymise.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const term = (url.searchParams.get("q") ?? "").slice(0, 254);
  // Representatives who asked for their account's deletion (/representante/conta), oldest first.
  const deletionRequests = (await pendingDeletionRequests()).map((r) => ({
    ...r,
    requestedAt: r.requestedAt.toISOString(),
  }));
  if (!term.trim()) return { term, error: null, found: null, deletionRequests };
  const query = subjectQueryFrom(term);
  if (!query) return { term, error: SUBJECT_MESSAGES.invalidTerm, found: null, deletionRequests };
  const data = await findSubjectData({ query });
  if (subjectIsEmpty(data)) return { term, error: SUBJECT_MESSAGES.notFound, found: null, deletionRequests };
  return { term, error: null, found: summarise(data), deletionRequests };
}

function summarise(d: SubjectData) {
  const rows = (key: string) => d[key] ?? [];
  const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  return {
    counts: Object.keys(SUBJECT_TABLES)
      .map((k) => ({ label: SUBJECT_TABLES[k], count: rows(k).length }))
      .filter((c) => c.count > 0),
    people: [
      ...rows("leads").map((l) => ({
        kind: "Lead",
        id: text(l.id),
        name: text(l.name),
        contact: `${text(l.email)} · ${text(l.phone)}`,
      })),
      ...rows("clients").map((c) => ({
        kind: "Cliente",
        id: text(c.id),
        name: text(c.name),
        contact: `${text(c.email)} · ${text(c.phone)}`,
      })),
      ...rows("representatives").map((r) => ({
        kind: "Representante",
        id: text(r.id),
        name: text(r.name),
        contact: text(r.email),
      })),
      ...rows("referrals").map((r) => ({
        kind: "Indicação",
        id: text(r.id),
        name: text(r.contactName),
        contact: text(r.contactPhone),
      })),
    ],
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const form = await parseForm(request, AnonymiseSubjectSchema);
  if (!form.ok) return form.reply;
  const query = subjectQueryFrom(form.data.term);
  if (!query) return replyInvalid({ term: SUBJECT_MESSAGES.invalidTerm });
  try {
    const { counts } = await anonymiseSubject({ query, actor: user });
    if (Object.values(counts).every((n) => n === 0)) {
      return replyError(SUBJECT_MESSAGES.notFound, { status: 404 });
    }
  } catch (err) {
    if (err instanceof LastAdminAnonymiseError)
      return replyError(SUBJECT_MESSAGES.lastAdmin, { status: 409 });
    log.error({ err }, "anonymiseSubject failed");
    return replyError(SUBJECT_MESSAGES.anonymiseError);
  }
  return redirectWithToast(PATH, "success", SUBJECT_MESSAGES.anonymised);
}

export default function PrivacyRequestsPage({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(actionData);
  const busy = useNavigation().state === "submitting";
  const { term, error, found, deletionRequests } = loaderData;
  const q = encodeURIComponent(term);
  return (
    <div className="max-w-5xl">
      <PageHeader
        title="Privacidade (LGPD)"
        subtitle="Pedidos de titulares: consultar, exportar e anonimizar dados pessoais"
      />
      <PrivacyNav />
      {deletionRequests.length > 0 && (
        <Card className="mb-6 border-amber-200">
          <h2 className="text-lg font-semibold text-slate-900">Pedidos de exclusão de conta</h2>
          <p className="mt-1 text-sm text-slate-600">
            Representantes que pediram a exclusão da própria conta. Abra os dados de cada um e anonimize-os
            para concluir o pedido.
          </p>
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">Pedidos de exclusão pendentes</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2">
                  Representante
                </th>
                <th scope="col" className="py-2">
                  E-mail
                </th>
                <th scope="col" className="py-2">
                  Pedido em
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deletionRequests.map((r) => (
                <tr key={r.id} className="border-b border-slate-100">
                  <td className="py-2">{r.name}</td>
                  <td className="py-2">{r.email}</td>
                  <td className="py-2">{formatDateTime(r.requestedAt)}</td>
                  <td className="py-2 text-right">
                    <a
                      href={`${PATH}?q=${encodeURIComponent(r.email)}`}
                      className="font-medium text-brand-700 underline"
                      aria-label={`Ver dados de ${r.name}`}
                    >
                      Ver dados
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <Card>
        <Form
          method="get"
          className="flex flex-wrap items-end gap-3"
          role="search"
          aria-label="Buscar titular"
        >
          <TextField
            label="E-mail ou telefone do titular"
            name="q"
            defaultValue={term}
            maxLength={254}
            className="min-w-64 flex-1"
            error={error ?? undefined}
          />
          <Button type="submit">Buscar</Button>
        </Form>
      </Card>
      {found && (
        <>
          <Card className="mt-6">
            <h2 className="text-lg font-semibold text-slate-900">Dados encontrados</h2>
            <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
              {found.counts.map((c) => (
                <li key={c.label} className="rounded-lg bg-slate-50 px-3 py-2">
                  <span className="font-medium">{c.label}:</span> {c.count}
                </li>
              ))}
            </ul>
            <table className="mt-4 w-full text-left text-sm">
              <caption className="sr-only">Registros do titular</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-2">
                    Tipo
                  </th>
                  <th scope="col" className="py-2">
                    Nome
                  </th>
                  <th scope="col" className="py-2">
                    Contato
                  </th>
                </tr>
              </thead>
              <tbody>
                {found.people.map((p) => (
                  <tr key={`${p.kind}-${p.id}`} className="border-b border-slate-100">
                    <td className="py-2">{p.kind}</td>
                    <td className="py-2">{p.name}</td>
                    <td className="py-2">{p.contact}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="mt-4 flex flex-wrap gap-3">
              <a
                href={`${PATH}/export?q=${q}&format=json`}
                download
                className="font-medium text-brand-700 underline"
              >
                Exportar JSON
              </a>
              <a
                href={`${PATH}/export?q=${q}&format=csv`}
                download
                className="font-medium text-brand-700 underline"
              >
                Exportar CSV
              </a>
            </div>
          </Card>
          <Card className="mt-6 border-red-200">
            <h2 className="text-lg font-semibold text-red-800">Anonimizar</h2>
            <p className="mt-1 text-sm text-slate-700">
              Nome, e-mail, telefone, mensagens e anotações desta pessoa serão substituídos em todos os
              registros acima, inclusive nos e-mails enviados e no histórico de auditoria. Contagens, status,
              comissões e faturamento continuam iguais. Não dá para desfazer.
            </p>
            <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
              <FormAlert
                message={actionData && "formError" in actionData ? (actionData.formError as string) : null}
              />
              <input type="hidden" name="term" value={term} />
              <TextField
                label="Digite ANONIMIZAR para confirmar"
                name="confirm"
                autoComplete="off"
                maxLength={40}
                error={actionData?.fieldErrors?.confirm}
              />
              <Button type="submit" variant="danger" busy={busy} busyLabel="Anonimizando...">
                Anonimizar dados
              </Button>
            </Form>
          </Card>
        </>
      )}
    </div>
  );
}

export function meta() {
  return [{ title: "Privacidade (LGPD) | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message={SUBJECT_MESSAGES.loadError} />;
}
