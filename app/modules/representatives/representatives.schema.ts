export const REPRESENTATIVE_MESSAGES = {
  loadError: "Erro ao carregar lista de representantes",
  deleted: "Representante excluído com sucesso",
  deleteError: "Erro ao excluir representante",
  empty: "Nenhum representante encontrado.",
  // Decision (issue 5): what deleting does, said in the confirmation dialog.
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
