import { data } from "react-router";
import type { Route } from "./+types/new";
import { BackToPosts } from "~/components/admin/blog/back-link";
import { PostForm } from "~/components/admin/blog/post-form";
import { PageHeader } from "~/components/admin/ui";
import { useToastFromData } from "~/components/ui/use-toast-data";
import { redirectWithToast } from "~/lib/flash.server";
import { fieldErrors, formToObject } from "~/lib/validation";
import { requireAdmin } from "~/modules/auth/session.server";
import { createPost } from "~/modules/blog/admin.server";
import { BLOG_MESSAGES, PostSchema } from "~/modules/blog/blog.schema";
import { readFormData } from "~/modules/security/form.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = PostSchema.safeParse(formToObject(await readFormData(request)));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), toast: null }, { status: 400 });
  const error = { type: "error" as const, message: BLOG_MESSAGES.createError };
  try {
    const res = await createPost({ input: parsed.data });
    if (!res.ok) return data({ errors: { slug: BLOG_MESSAGES.slugTaken }, toast: error }, { status: 409 });
  } catch (err) {
    console.error("createPost failed", err);
    return data({ errors: {}, toast: error }, { status: 500 });
  }
  return redirectWithToast("/admin/blog", "success", BLOG_MESSAGES.created);
}

export default function NewPost({ actionData }: Route.ComponentProps) {
  useToastFromData(actionData);
  return (
    <div className="max-w-4xl">
      <PageHeader title="Novo Post" subtitle="Escreva um novo artigo para o blog" actions={<BackToPosts />} />
      <PostForm errors={actionData?.errors} />
    </div>
  );
}

export function meta() {
  return [{ title: "Novo Post | CardápioDigital" }];
}
