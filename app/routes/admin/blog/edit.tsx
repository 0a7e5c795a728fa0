import { z } from "~/lib/zod";
import type { Route } from "./+types/edit";
import { BackToPosts } from "~/components/admin/blog/back-link";
import { PostForm } from "~/components/admin/blog/post-form";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError, replyInvalid, toast } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { getPost, updatePost } from "~/modules/blog/admin.server";
import { BLOG_MESSAGES, PostSchema } from "~/modules/blog/blog.schema";
import { parseForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

const Id = z.uuid();

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = Id.safeParse(params.id);
  const post = id.success ? await getPost({ id: id.data }) : null;
  if (!post) throw await redirectWithToast("/admin/blog", "error", BLOG_MESSAGES.loadPostError);
  return { post };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const id = Id.safeParse(params.id);
  if (!id.success) throw await redirectWithToast("/admin/blog", "error", BLOG_MESSAGES.loadPostError);
  const form = await parseForm(request, PostSchema);
  if (!form.ok) return form.reply;
  try {
    const res = await updatePost({ id: id.data, input: form.data, actor: user });
    if (!res.ok && res.code === "not_found")
      return redirectWithToast("/admin/blog", "error", BLOG_MESSAGES.updateError);
    if (!res.ok) {
      const error = toast.error(BLOG_MESSAGES.updateError);
      return replyInvalid({ slug: BLOG_MESSAGES.slugTaken }, { toast: error, status: 409 });
    }
  } catch (err) {
    log.error({ err }, "updatePost failed");
    return replyError(BLOG_MESSAGES.updateError, { toastOnly: true });
  }
  return redirectWithToast("/admin/blog", "success", BLOG_MESSAGES.updated);
}

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(actionData);
  const { post } = loaderData;
  return (
    <div className="max-w-4xl">
      <PageHeader title="Editar Post" subtitle={post.title} actions={<BackToPosts />} />
      <PostForm key={post.id} initial={post} errors={actionData?.fieldErrors} />
    </div>
  );
}

export function meta() {
  return [{ title: "Editar Post | CardápioDigital" }];
}
