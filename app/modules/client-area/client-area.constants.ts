// Client-safe: the texts of the restaurant's own area /cliente (issue 32).
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
