import { data } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/edit";
import { BackToPosts } from "~/components/admin/blog/back-link";
import { PostForm } from "~/components/admin/blog/post-form";
import { PageHeader } from "~/components/admin/ui";
import { useToastFromData } from "~/components/ui/use-toast-data";
import { redirectWithToast } from "~/lib/flash.server";
import { fieldErrors, formToObject } from "~/lib/validation";
import { requireAdmin } from "~/modules/auth/session.server";
import { getPost, updatePost } from "~/modules/blog/admin.server";
import { BLOG_MESSAGES, PostSchema } from "~/modules/blog/blog.schema";
import { readFormData } from "~/modules/security/form.server";

const Id = z.uuid();

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = Id.safeParse(params.id);
  const post = id.success ? await getPost({ id: id.data }) : null;
  if (!post) throw await redirectWithToast("/admin/blog", "error", BLOG_MESSAGES.loadPostError);
  return { post };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const id = Id.safeParse(params.id);
  if (!id.success) throw await redirectWithToast("/admin/blog", "error", BLOG_MESSAGES.loadPostError);
  const parsed = PostSchema.safeParse(formToObject(await readFormData(request)));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), toast: null }, { status: 400 });
  const error = { type: "error" as const, message: BLOG_MESSAGES.updateError };
  try {
    const res = await updatePost({ id: id.data, input: parsed.data });
    if (!res.ok && res.code === "not_found")
      return redirectWithToast("/admin/blog", "error", BLOG_MESSAGES.updateError);
    if (!res.ok) return data({ errors: { slug: BLOG_MESSAGES.slugTaken }, toast: error }, { status: 409 });
  } catch (err) {
    console.error("updatePost failed", err);
    return data({ errors: {}, toast: error }, { status: 500 });
  }
  return redirectWithToast("/admin/blog", "success", BLOG_MESSAGES.updated);
}

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  useToastFromData(actionData);
  const { post } = loaderData;
  return (
    <div className="max-w-4xl">
      <PageHeader title="Editar Post" subtitle={post.title} actions={<BackToPosts />} />
      <PostForm key={post.id} initial={post} errors={actionData?.errors} />
    </div>
  );
}

export function meta() {
  return [{ title: "Editar Post | CardápioDigital" }];
}
