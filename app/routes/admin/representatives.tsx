import { z } from "~/lib/zod";
import type { Route } from "./+types/representatives";
import { Pagination } from "~/components/admin/pagination";
import { MaterialsPanel } from "~/components/admin/representatives/materials-panel";
import { RepresentativeTable } from "~/components/admin/representatives/representative-table";
import { MailNotice } from "~/components/admin/mail-notice";
import { PageHeader } from "~/components/ui/page-header";
import { SearchForm } from "~/components/ui/search-form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError, replyOk, toast } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { withParams } from "~/lib/list-params";
import { requireAdmin } from "~/modules/auth/session.server";
import {
  createMaterial,
  deleteMaterial,
  listMaterials,
  updateMaterial,
} from "~/modules/materials/materials.server";
import { MATERIAL_MESSAGES, MaterialSchema } from "~/modules/materials/materials.schema";
import {
  deleteRepresentative,
  isAccessIntent,
  representativeAccess,
} from "~/modules/representatives/representative-access.server";
import {
  listRepresentativesAdmin,
  parseRepresentativeListParams,
  REPRESENTATIVE_SORTS,
} from "~/modules/representatives/representatives.server";
import { ACCOUNT_MESSAGES } from "~/modules/accounts/accounts.schema";
import { redirectWithMailNotice } from "~/modules/accounts/mail-notice.server";
import {
  MATERIAL_UI_MESSAGES,
  REPRESENTATIVE_MESSAGES,
} from "~/modules/representatives/representatives.schema";
import { BAD_FORM_MESSAGE, readForm, checkForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";
import { ListError } from "~/components/ui/list-states";

const PAGE_SIZE = 20;
const MATERIALS_LOAD_TOAST = { toast: toast.error(MATERIAL_UI_MESSAGES.loadError) };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { q, sort, dir, page } = parseRepresentativeListParams(new URL(request.url), PAGE_SIZE);
  const [reps, materials] = await Promise.all([
    listRepresentativesAdmin({ q, sort, dir, page, pageSize: PAGE_SIZE }),
    // The materials box shows its own error; the representatives table still loads.
    listMaterials().catch((err) => {
      log.error({ err }, "listMaterials failed");
      return null;
    }),
  ]);
  return { ...reps, q, sort, dir, page, materials };
}

const Id = z.uuid();
const ListState = z.object({
  q: z.string().max(100).catch("").default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  sort: z.enum(REPRESENTATIVE_SORTS).optional().catch(undefined),
  dir: z.enum(["asc", "desc"]).optional().catch(undefined),
});

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  const actor = { id: me.user.id, name: me.user.name };
  const form = await readForm(request);
  const { q, page, sort, dir } = ListState.parse(form);
  const back = `/admin/representatives${withParams("", {
    q: q || null,
    sort: sort ?? null,
    dir: sort ? (dir ?? null) : null,
    page: page > 1 ? page : null,
  })}`;
  const id = Id.safeParse(form.id);

  if (form.intent === "addMaterial") {
    const parsed = checkForm(form, MaterialSchema);
    if (!parsed.ok) return parsed.reply;
    try {
      await createMaterial({ input: parsed.data, actor: me.user });
    } catch (err) {
      log.error({ err }, "createMaterial failed");
      return replyError(MATERIAL_UI_MESSAGES.addError, { toastOnly: true });
    }
    return replyOk(toast.success(MATERIAL_MESSAGES.added));
  }
  if (form.intent === "updateMaterial") {
    const parsed = checkForm(form, MaterialSchema);
    if (!parsed.ok) return parsed.reply;
    let ok = false;
    try {
      ok = id.success && (await updateMaterial({ id: id.data, input: parsed.data, actor: me.user }));
    } catch (err) {
      log.error({ err }, "updateMaterial failed");
    }
    if (!ok) return replyError(MATERIAL_UI_MESSAGES.updateError, { toastOnly: true });
    return replyOk(toast.success(MATERIAL_MESSAGES.updated));
  }
  // Deletes come from the confirm dialog's fetcher, which follows the redirect (toast by cookie).
  if (form.intent === "deleteMaterial") {
    const ok = id.success && (await deleteMaterial({ id: id.data, actor: me.user }).catch(() => false));
    return redirectWithToast(
      back,
      ok ? "success" : "error",
      ok ? MATERIAL_MESSAGES.deleted : MATERIAL_UI_MESSAGES.deleteError,
    );
  }
  if (form.intent === "deleteRepresentative") {
    const ok = id.success && (await deleteRepresentative({ id: id.data, actor: me.user }).catch(() => false));
    return redirectWithToast(
      back,
      ok ? "success" : "error",
      ok ? REPRESENTATIVE_MESSAGES.deleted : REPRESENTATIVE_MESSAGES.deleteError,
    );
  }
  // Access: deactivate/reactivate the login, send the reset-password e-mail.
  if (isAccessIntent(form.intent)) {
    const r = id.success
      ? await representativeAccess(actor, id.data, form.intent)
      : { ok: false, message: ACCOUNT_MESSAGES.notFound };
    if (r.ok && r.resetMailId !== undefined)
      return redirectWithMailNotice(back, "redefinicao", r.resetMailId);
    return redirectWithToast(back, r.ok ? "success" : "error", r.message, { replace: true });
  }
  // An unknown intent comes from a forged or stale form: say so instead of failing silently.
  return replyError(BAD_FORM_MESSAGE, { status: 400, toastOnly: true });
}

export default function RepresentativesPage({ loaderData }: Route.ComponentProps) {
  const { rows, total, q, sort, dir, page, materials } = loaderData;
  useReplyToast(materials === null ? MATERIALS_LOAD_TOAST : null);
  return (
    <div>
      <PageHeader
        title="Representantes"
        subtitle="Parceiros que indicam novos clientes. Excluir um representante remove o acesso dele ao portal e mantém as indicações, sem representante vinculado."
      />
      <MailNotice />
      <div className="mb-4">
        <SearchForm
          q={q}
          placeholder="Buscar por nome ou e-mail"
          label="Buscar representantes"
          keep={{ sort, dir }}
        />
      </div>
      <RepresentativeTable rows={rows} q={q} page={page} sort={sort} dir={dir} />
      <Pagination page={page} pageSize={PAGE_SIZE} total={total} />
      <MaterialsPanel materials={materials} />
    </div>
  );
}

export function meta() {
  return [{ title: "Representantes | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message={REPRESENTATIVE_MESSAGES.loadError} />;
}
