import type { Route } from "./+types/new";
import { BackToPosts } from "~/components/admin/blog/back-link";
import { PostForm } from "~/components/admin/blog/post-form";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError, replyInvalid, toast } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { createPost } from "~/modules/blog/admin.server";
import { BLOG_MESSAGES, PostSchema } from "~/modules/blog/blog.schema";
import { parseForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const form = await parseForm(request, PostSchema);
  if (!form.ok) return form.reply;
  try {
    const res = await createPost({ input: form.data, actor: user });
    if (!res.ok) {
      const error = toast.error(BLOG_MESSAGES.createError);
      return replyInvalid({ slug: BLOG_MESSAGES.slugTaken }, { toast: error, status: 409 });
    }
  } catch (err) {
    log.error({ err }, "createPost failed");
    return replyError(BLOG_MESSAGES.createError, { toastOnly: true });
  }
  return redirectWithToast("/admin/blog", "success", BLOG_MESSAGES.created);
}

export default function NewPost({ actionData }: Route.ComponentProps) {
  useReplyToast(actionData);
  return (
    <div className="max-w-4xl">
      <PageHeader title="Novo Post" subtitle="Escreva um novo artigo para o blog" actions={<BackToPosts />} />
      <PostForm errors={actionData?.fieldErrors} />
    </div>
  );
}

export function meta() {
  return [{ title: "Novo Post | CardápioDigital" }];
}
