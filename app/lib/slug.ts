/**
 * SPEC §5 slug rule: lowercase, strip non-word characters, spaces to hyphens, collapse hyphens.
 * Accents are folded first (é → e) so Portuguese titles keep their letters.
 */
export function slugify(title: string): string {
  return title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/[^\w\s-]/g, "")
    .replace(/[\s_]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}
