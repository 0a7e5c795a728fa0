export const REPRESENTATIVE_MESSAGES = {
  loadError: "Erro ao carregar lista de representantes",
  deleted: "Representante excluído com sucesso",
  deleteError: "Erro ao excluir representante",
  empty: "Nenhum representante encontrado.",
  // What deleting does, said in the confirmation dialog.
  deleteConsequence:
    "O acesso dele ao portal será removido (não poderá mais entrar) e as indicações dele serão mantidas, sem representante vinculado. Esta ação não pode ser desfeita.",
} as const;

export const MATERIAL_UI_MESSAGES = {
  loadError: "Erro ao carregar materiais",
  addError: "Erro ao adicionar materiais",
  deleteError: "Erro ao excluir materiais",
  updateError: "Erro ao atualizar material. Ele pode ter sido excluído; recarregue a página.",
  empty: "Nenhum material disponível no momento.",
} as const;

/** SPEC §9: admin text material preview, 150 characters plus '...'. */
export function textPreview(text: string, max = 150): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** The representatives list's sortable columns (allow-list: the URL names one, never SQL). */
export const REPRESENTATIVE_SORTS = [
  "name",
  "email",
  "referrals",
  "completed",
  "conversion",
  "due",
  "paid",
  "last_activity",
  "created_at",
] as const;
export type RepresentativeSort = (typeof REPRESENTATIVE_SORTS)[number];
/** Names start A→Z; figures and dates start with the largest / newest. */
export const REPRESENTATIVE_SORT_DEFAULT_DIR: Record<RepresentativeSort, "asc" | "desc"> = {
  name: "asc",
  email: "asc",
  referrals: "desc",
  completed: "desc",
  conversion: "desc",
  due: "desc",
  paid: "desc",
  last_activity: "desc",
  created_at: "desc",
};
