import { z } from "~/lib/zod";

export const BLOG_MESSAGES = {
  loadError: "Erro ao carregar posts",
  loadPostError: "Erro ao carregar dados do post",
  toggleError: "Erro ao alterar status do post",
  deleteError: "Erro ao excluir post",
  createError: "Erro ao criar post",
  updateError: "Erro ao atualizar post",
  published: "Post publicado com sucesso!",
  unpublished: "Post despublicado com sucesso!",
  deleted: "Post excluído com sucesso!",
  created: "Post criado com sucesso!",
  updated: "Post atualizado com sucesso!",
  confirmDelete: "Tem certeza que deseja excluir este post?",
  loading: "Carregando posts...",
  empty: "Nenhum post encontrado. Crie um novo post para começar.",
  titleRequired: "Título é obrigatório",
  slugRequired: "Slug é obrigatório",
  slugFormat: "Use apenas letras minúsculas sem acento, números e hífens (ex.: meu-primeiro-post).",
  slugTaken: "Já existe um post com este slug. Escolha outro.",
  excerptRequired: "Resumo é obrigatório",
  imageUrl: "Informe uma URL válida (https://...).",
  max: (n: number) => `Máximo de ${n} caracteres.`,
} as const;

export const POST_LIMITS = {
  title: 200,
  slug: 200,
  excerpt: 500,
  content: 1_000_000,
  imageUrl: 2000,
} as const;

/** The slug the generator makes (SPEC §5 rule via ~/lib/slug): lowercase words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, BLOG_MESSAGES.max(max));

/** SPEC §5 blog post form; the action parses FormData with it (checkbox "published" → boolean). */
export const PostSchema = z.object({
  title: required(BLOG_MESSAGES.titleRequired, POST_LIMITS.title),
  slug: required(BLOG_MESSAGES.slugRequired, POST_LIMITS.slug).regex(SLUG_PATTERN, BLOG_MESSAGES.slugFormat),
  excerpt: required(BLOG_MESSAGES.excerptRequired, POST_LIMITS.excerpt),
  // Required in the spec's form but never checked there: an empty body is allowed.
  content: z.string().max(POST_LIMITS.content, BLOG_MESSAGES.max(POST_LIMITS.content)).optional().default(""),
  imageUrl: z
    .string()
    .trim()
    .max(POST_LIMITS.imageUrl, BLOG_MESSAGES.max(POST_LIMITS.imageUrl))
    .optional()
    .transform((v) => (v ? v : null))
    // An image on another site (http/https), or one of this site's own files ("/images/…", what
    // the demo posts use): an admin must be able to save a demo post without changing its image.
    .refine(
      (v) => v === null || (/^https?:\/\//i.test(v) && URL.canParse(v)) || /^\/(?![/\\])[^\s"'<>]*$/.test(v),
      BLOG_MESSAGES.imageUrl,
    ),
  // A checkbox never fails (a forged value would otherwise show zod's English message).
  published: z
    .unknown()
    .optional()
    .transform((v) => v === "on" || v === "true" || v === true),
});
export type PostInput = z.output<typeof PostSchema>;

/** SPEC §2: the list shows the excerpt cut to 60 characters plus '...' when longer. */
export function excerptPreview(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
