import { lazy, Suspense, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Card } from "~/components/admin/ui";
import { ClientOnly } from "~/components/ui/client-only";
import { useClientValidation } from "~/components/ui/use-client-validation";
import { useUnsavedChanges } from "~/components/ui/use-unsaved-changes";
import { Button, FormAlert, TextAreaField, TextField } from "~/components/ui/form";
import { slugify } from "~/lib/slug";
import { fieldErrors, formToObject, type FieldErrors } from "~/lib/validation";
import { POST_LIMITS, PostSchema } from "~/modules/blog/blog.schema";

function check(form: HTMLFormElement): FieldErrors | null {
  const parsed = PostSchema.safeParse(formToObject(new FormData(form)));
  return parsed.success ? null : fieldErrors(parsed.error);
}

const RichTextEditor = lazy(() => import("./rich-text-editor"));

export interface PostFormValues {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  imageUrl: string | null;
  published: boolean;
}

const EditorPlaceholder = () => (
  <div className="mt-1 flex h-[342px] items-center justify-center rounded-lg border border-slate-300 bg-slate-50 text-sm text-slate-600">
    Carregando editor...
  </div>
);

/** Create and edit share this form; the action validates again with the same schema. */
export function PostForm({
  initial,
  errors: serverErrors,
  formError,
}: {
  initial?: PostFormValues;
  errors?: FieldErrors;
  formError?: string | null;
}) {
  const [slug, setSlug] = useState(initial?.slug ?? "");
  const [content, setContent] = useState(initial?.content ?? "");
  const busy = useNavigation().state === "submitting";
  const { formRef, errors, onSubmit, onChange, onBlur } = useClientValidation(check, serverErrors);
  const unsaved = useUnsavedChanges();

  function fillSlugFrom(title: string) {
    setSlug(slugify(title).slice(0, POST_LIMITS.slug));
  }

  return (
    <Form
      method="post"
      ref={formRef}
      noValidate
      className="space-y-5"
      onSubmit={(e) => {
        onSubmit(e);
        unsaved.onSubmit(e);
      }}
      onChange={(e) => {
        onChange(e);
        unsaved.markDirty();
      }}
      onBlur={onBlur}
    >
      {unsaved.dialog}
      <FormAlert message={formError} />
      <Card className="space-y-5">
        <TextField
          label="Título"
          name="title"
          required
          maxLength={POST_LIMITS.title}
          defaultValue={initial?.title}
          error={errors.title}
          onBlur={(e) => {
            // SPEC §5: the slug follows the title on blur only while it is still empty.
            if (!slug.trim()) fillSlugFrom(e.currentTarget.value);
          }}
        />
        <div>
          <div className="flex items-start gap-2">
            <TextField
              label="Slug"
              name="slug"
              required
              className="flex-1"
              maxLength={POST_LIMITS.slug}
              value={slug}
              onChange={(e) => setSlug(e.currentTarget.value)}
              error={errors.slug}
            />
            <Button
              type="button"
              variant="secondary"
              className="mt-6"
              onClick={(e) => {
                const title = e.currentTarget.form?.elements.namedItem("title") as HTMLInputElement | null;
                fillSlugFrom(title?.value ?? "");
              }}
            >
              Gerar
            </Button>
          </div>
          <p id="post-slug-hint" className="mt-1 text-xs text-slate-500">
            Endereço do post: /blog/{slug || "seu-slug"}
          </p>
        </div>
        <TextAreaField
          label="Resumo"
          name="excerpt"
          required
          rows={3}
          maxLength={POST_LIMITS.excerpt}
          defaultValue={initial?.excerpt}
          error={errors.excerpt}
        />
        <div>
          <span id="post-content-label" className="block text-sm font-medium text-slate-700">
            Conteúdo
          </span>
          <input type="hidden" name="content" value={content} />
          <ClientOnly fallback={<EditorPlaceholder />}>
            {() => (
              <Suspense fallback={<EditorPlaceholder />}>
                <RichTextEditor
                  defaultValue={initial?.content ?? ""}
                  onChange={setContent}
                  onUserEdit={unsaved.markDirty}
                  labelledBy="post-content-label"
                />
              </Suspense>
            )}
          </ClientOnly>
          {errors.content && <p className="mt-1 text-sm text-red-600">{errors.content}</p>}
        </div>
        <TextField
          label="URL da Imagem"
          name="imageUrl"
          type="url"
          placeholder="https://..."
          maxLength={POST_LIMITS.imageUrl}
          defaultValue={initial?.imageUrl ?? ""}
          error={errors.imageUrl}
        />
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            name="published"
            defaultChecked={initial?.published ?? false}
            className="h-4 w-4 rounded border-slate-300 accent-brand-700"
          />
          Publicado
        </label>
      </Card>
      <div className="flex justify-end gap-2">
        <Link
          to="/admin/blog"
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Cancelar
        </Link>
        <Button type="submit" busy={busy} busyLabel="Salvando...">
          Salvar Post
        </Button>
      </div>
    </Form>
  );
}
