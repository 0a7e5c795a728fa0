import { z } from "~/lib/zod";
import type { Route } from "./+types/list";
import { MailTable } from "~/components/admin/emails/mail-table";
import { KeysetPagination } from "~/components/admin/keyset-pagination";
import { ListError } from "~/components/ui/list-states";
import { PageHeader } from "~/components/ui/page-header";
import { FilterSelect } from "~/components/ui/search-form";
import { Form } from "react-router";
import { requireAdmin } from "~/modules/auth/session.server";
import {
  MAIL_LOG_MESSAGES,
  MAIL_STATUS_LABELS,
  MAIL_STATUSES,
} from "~/modules/notifications/notifications.constants";
import { listMail } from "~/server/mail/mail.server";

const ParamsSchema = z.object({
  status: z.enum(MAIL_STATUSES).optional().catch(undefined),
  before: z.uuid().optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const sp = new URL(request.url).searchParams;
  const { status, before } = ParamsSchema.parse({
    status: sp.get("status") || undefined,
    before: sp.get("before") || undefined,
  });
  const { rows, next } = await listMail({ status, before });
  return { rows, next, status: status ?? null, before: before ?? null };
}

const STATUS_OPTIONS = MAIL_STATUSES.map((value) => ({ value, label: MAIL_STATUS_LABELS[value] }));

export default function EmailsPage({ loaderData }: Route.ComponentProps) {
  const { rows, next, status, before } = loaderData;
  return (
    <div>
      <PageHeader title="E-mails" subtitle="Todas as mensagens enviadas pelo sistema, entregues ou não" />
      <Form method="get" role="search" aria-label="Filtrar e-mails" className="mb-4">
        <FilterSelect
          name="status"
          label="Filtrar por status"
          value={status ?? ""}
          allLabel="Todos os status"
          options={STATUS_OPTIONS}
        />
        <noscript>
          <button type="submit" className="ml-2 rounded-lg border px-3 py-2 text-sm">
            Filtrar
          </button>
        </noscript>
      </Form>
      <MailTable rows={rows} emptyText={status ? MAIL_LOG_MESSAGES.emptyFiltered : MAIL_LOG_MESSAGES.empty} />
      <KeysetPagination before={before} next={next} />
    </div>
  );
}

export function meta() {
  return [{ title: "E-mails | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message={MAIL_LOG_MESSAGES.loadError} />;
}
