import { Eye, EyeOff, Pencil } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { ConfirmButton } from "~/components/admin/confirm-dialog";
import { Badge, DataTable, EmptyRow, Th } from "~/components/admin/ui";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { formatDate } from "~/lib/format";
import { BLOG_MESSAGES, excerptPreview } from "~/modules/blog/blog.schema";
import type { AdminPostRow } from "~/modules/blog/admin.server";

function PostRow({ post, page }: { post: AdminPostRow; page: number }) {
  const fetcher = useFetcher<FormReply>();
  useReplyToast(fetcher.data);
  // The toggle updates this row at once (the loader's answer confirms it right after).
  const published = fetcher.state !== "idle" ? !post.published : post.published;
  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <p className="font-medium text-slate-900">{post.title}</p>
        <p className="text-xs text-slate-600">{excerptPreview(post.excerpt)}</p>
      </td>
      <td className="px-4 py-3 font-mono text-xs text-slate-700">{post.slug}</td>
      <td className="px-4 py-3">
        {published ? <Badge color="green">Publicado</Badge> : <Badge color="gray">Rascunho</Badge>}
      </td>
      <td className="px-4 py-3 text-sm whitespace-nowrap text-slate-700">{formatDate(post.createdAt)}</td>
      <td className="px-4 py-3">
        <div className="flex items-center gap-1">
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="toggle" />
            <input type="hidden" name="id" value={post.id} />
            <button
              type="submit"
              disabled={fetcher.state !== "idle"}
              aria-label={`${published ? "Despublicar" : "Publicar"} ${post.title}`}
              title={published ? "Despublicar" : "Publicar"}
              className="rounded-lg p-1.5 text-slate-700 hover:bg-slate-100"
            >
              {published ? (
                <EyeOff aria-hidden className="h-4 w-4" />
              ) : (
                <Eye aria-hidden className="h-4 w-4" />
              )}
            </button>
          </fetcher.Form>
          <Link
            to={`/admin/blog/edit/${post.id}`}
            aria-label={`Editar ${post.title}`}
            title="Editar"
            className="rounded-lg p-1.5 text-slate-700 hover:bg-slate-100"
          >
            <Pencil aria-hidden className="h-4 w-4" />
          </Link>
          <ConfirmButton
            label={`Excluir ${post.title}`}
            title="Excluir post"
            description={BLOG_MESSAGES.confirmDelete}
            fields={{ intent: "delete", id: post.id, page: String(page) }}
          />
        </div>
      </td>
    </tr>
  );
}

export function PostTable({
  posts,
  page,
  loading,
  emptyText = BLOG_MESSAGES.empty,
}: {
  posts: AdminPostRow[];
  page: number;
  loading: boolean;
  emptyText?: string;
}) {
  return (
    <DataTable
      caption="Posts do blog"
      head={
        <>
          <Th>Título</Th>
          <Th>Slug</Th>
          <Th>Status</Th>
          <Th>Data</Th>
          <Th>Ações</Th>
        </>
      }
    >
      {loading ? (
        <EmptyRow colSpan={5}>
          <span role="status">{BLOG_MESSAGES.loading}</span>
        </EmptyRow>
      ) : posts.length === 0 ? (
        <EmptyRow colSpan={5}>{emptyText}</EmptyRow>
      ) : (
        posts.map((p) => <PostRow key={p.id} post={p} page={page} />)
      )}
    </DataTable>
  );
}
