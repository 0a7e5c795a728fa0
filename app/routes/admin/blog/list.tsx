import { Plus } from "lucide-react";
import { useNavigation } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/list";
import { PostTable } from "~/components/admin/blog/post-table";
import { Pagination } from "~/components/admin/pagination";
import { ActionLink, PageHeader } from "~/components/ui/page-header";
import { SearchForm } from "~/components/ui/search-form";
import { replyError, replyOk, toast } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { parseListParams } from "~/lib/list-params";
import { requireAdmin } from "~/modules/auth/session.server";
import { deletePost, listAdminPosts, togglePostPublished } from "~/modules/blog/admin.server";
import { BLOG_MESSAGES } from "~/modules/blog/blog.schema";
import { parseForm } from "~/server/http/form.server";
import { ListError } from "~/components/ui/list-states";

const PAGE_SIZE = 20;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { page, q } = parseListParams(new URL(request.url), {
    sorts: ["created_at"],
    defaultSort: "created_at",
  });
  const { posts, total } = await listAdminPosts({ page, pageSize: PAGE_SIZE, q });
  return { posts, total, page, pageSize: PAGE_SIZE, q };
}

const ActionSchema = z.object({
  intent: z.enum(["toggle", "delete"]),
  id: z.uuid(),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).optional(),
});

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const form = await parseForm(request, ActionSchema, () =>
    replyError(BLOG_MESSAGES.toggleError, { status: 400, toastOnly: true }),
  );
  if (!form.ok) return form.reply;
  const { intent, id, page = 1 } = form.data;
  if (intent === "delete") {
    // The confirm dialog's fetcher follows this redirect; the toast rides the flash cookie.
    const back = page > 1 ? `/admin/blog?page=${page}` : "/admin/blog";
    const deleted = await deletePost({ id, actor: user }).catch(() => false);
    return redirectWithToast(
      back,
      deleted ? "success" : "error",
      deleted ? BLOG_MESSAGES.deleted : BLOG_MESSAGES.deleteError,
    );
  }
  const res = await togglePostPublished({ id, actor: user }).catch(() => null);
  if (!res) return replyError(BLOG_MESSAGES.toggleError, { status: 404, toastOnly: true });
  const message = res.published ? BLOG_MESSAGES.published : BLOG_MESSAGES.unpublished;
  return replyOk(toast.success(message), { id, published: res.published });
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { posts, total, page, pageSize, q } = loaderData;
  const nav = useNavigation();
  const loading = nav.state === "loading" && nav.location.pathname === "/admin/blog" && !nav.formMethod;
  return (
    <div>
      <PageHeader
        title="Posts do Blog"
        subtitle="Gerencie os conteúdos do blog"
        actions={
          <ActionLink to="/admin/blog/new" icon={Plus}>
            Novo Post
          </ActionLink>
        }
      />
      <div className="mb-4">
        <SearchForm q={q} placeholder="Título, slug ou resumo" label="Buscar posts" />
      </div>
      <PostTable
        posts={posts}
        page={page}
        loading={loading}
        emptyText={q ? `Nenhum post encontrado para "${q}".` : undefined}
      />
      <Pagination page={page} pageSize={pageSize} total={total} />
    </div>
  );
}

export function meta() {
  return [{ title: "Posts do Blog | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message={BLOG_MESSAGES.loadError} />;
}
