// Client-safe: the texts of the restaurant's own area /cliente.
export const CLIENT_AREA_MESSAGES = {
  authRequired: "Entre com o link enviado ao seu e-mail para acessar a Área do Cliente",
  linkRequested:
    "Se este e-mail for de um cliente, enviamos um link de acesso. Confira sua caixa de entrada (e o spam). O link vale por 15 minutos e só pode ser usado uma vez.",
  invalidLink: "Este link de acesso expirou ou já foi usado. Peça um novo link.",
  signedIn: "Bem-vindo à Área do Cliente!",
  signedOut: "Você saiu da Área do Cliente.",
  signedOutEverywhere: "Você saiu da Área do Cliente em todos os dispositivos.",
  copied: "Código PIX copiado!",
  copyFailed: "Não foi possível copiar. Selecione o código e copie manualmente.",
} as const;

/** "Trocar e-mail": shown by the page of the link, so client-safe. */
export const EMAIL_CHANGE_MESSAGES = {
  invalid: "Informe um e-mail válido.",
  same: "Este já é o seu e-mail de acesso.",
  taken: "Este e-mail não pode ser usado. Fale com a nossa equipe.",
  sent: "Enviamos um link de confirmação para o novo e-mail. A troca só vale depois da confirmação.",
  tooMany: "Muitos pedidos de troca de e-mail. Tente novamente mais tarde.",
  invalidLink: "Este link de confirmação é inválido ou expirou. Peça a troca de novo em Seus dados.",
  changed: "E-mail de acesso alterado.",
} as const;
