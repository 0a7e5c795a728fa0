// Client-safe: what the restaurant sends for its menu (decision 041), the
// checklist steps each submission ticks, and the upload limits with their pt-BR messages.

/** Submissions the client makes at /cliente; each but the note is a checklist step. */
export const CLIENT_SUBMISSIONS = ["cardapio", "logo", "horarios", "entrega", "pix", "observacao"] as const;
export type ClientSubmission = (typeof CLIENT_SUBMISSIONS)[number];

/** The checklist steps that are the client's (added to every onboarding's checklist when it opens). */
export const CLIENT_STEPS = ["cardapio", "logo", "horarios", "entrega", "pix"] as const;
export type ClientStep = (typeof CLIENT_STEPS)[number];

export const FILE_STEPS = ["cardapio", "logo"] as const;
export type FileStep = (typeof FILE_STEPS)[number];
export const TEXT_SUBMISSIONS = ["horarios", "entrega", "pix", "observacao"] as const;
export type TextSubmission = (typeof TEXT_SUBMISSIONS)[number];

/** The checklist item of each client step ("Cardápio recebido" is the template's first step). */
export const CLIENT_STEP_LABELS: Record<ClientStep, string> = {
  cardapio: "Cardápio recebido",
  logo: "Logo recebido",
  horarios: "Horários de funcionamento recebidos",
  entrega: "Áreas e taxas de entrega recebidas",
  pix: "Chave PIX do restaurante recebida",
};

/** What the client area calls each submission, and what it needs. */
export const SUBMISSION_TITLES: Record<ClientSubmission, string> = {
  cardapio: "Cardápio",
  logo: "Logo",
  horarios: "Horários de funcionamento",
  entrega: "Áreas e taxas de entrega",
  pix: "Chave PIX do restaurante",
  observacao: "Observações",
};
export const SUBMISSION_NEEDS: Record<ClientSubmission, string> = {
  cardapio:
    "O cardápio completo, com itens, descrições e preços: um PDF ou fotos legíveis (JPEG, PNG ou WebP), um arquivo por envio.",
  logo: "O logotipo do restaurante, de preferência em PNG com fundo transparente.",
  horarios: "Os dias e horários de atendimento, por exemplo: terça a domingo, das 18h às 23h.",
  entrega: "Os bairros (ou o raio) de entrega, a taxa de cada um e o pedido mínimo, se houver.",
  pix: "A chave PIX do restaurante, onde seus clientes vão pagar os pedidos.",
  observacao: "Algo mais que devemos saber (opcional).",
};

// The size of one file (10 MB) and its message are in ~/lib/uploads: the server's body limit
// uses them too.
export const CLIENT_FILES_MAX_BYTES = 50 * 1024 * 1024;
export const FILE_NAME_MAX = 200;
export const HOURS_MAX = 1000;
export const DELIVERY_MAX = 2000;
export const NOTE_MAX = 2000;

export const UPLOAD_MIMES = ["application/pdf", "image/jpeg", "image/png", "image/webp"] as const;
export type UploadMime = (typeof UPLOAD_MIMES)[number];
/** How a message names a detected type ("o conteúdo é uma imagem PNG"). */
export const MIME_DESCRIPTIONS: Record<UploadMime, string> = {
  "application/pdf": "um PDF",
  "image/jpeg": "uma imagem JPEG",
  "image/png": "uma imagem PNG",
  "image/webp": "uma imagem WebP",
};

/** Which types each file step accepts (a logo is an image). */
export const STEP_MIMES: Record<FileStep, readonly UploadMime[]> = {
  cardapio: UPLOAD_MIMES,
  logo: ["image/jpeg", "image/png", "image/webp"],
};

export const SUBMISSION_MESSAGES = {
  fileRequired: "Escolha um arquivo para enviar.",
  fileEmpty: "O arquivo está vazio. Escolha outro arquivo.",
  fileType: "Tipo de arquivo não aceito: envie um PDF ou uma imagem JPEG, PNG ou WebP.",
  logoType: "O logo deve ser uma imagem JPEG, PNG ou WebP.",
  nameMismatch: (ext: string, what: string) =>
    `O arquivo tem a extensão .${ext}, mas o conteúdo é ${what}. Envie o arquivo original, sem renomear.`,
  oneFile: "Envie um arquivo por vez.",
  fileNameTooLong: `O nome do arquivo deve ter no máximo ${FILE_NAME_MAX} caracteres.`,
  quotaFull: (usedMb: string) =>
    `Seus arquivos já somam ${usedMb} MB e o limite é 50 MB. Fale com o suporte para enviar mais.`,
  stepRequired: "Escolha o que você está enviando.",
  hoursRequired: "Informe os horários de funcionamento.",
  hoursTooLong: `Os horários devem ter no máximo ${HOURS_MAX} caracteres.`,
  deliveryRequired: "Informe as áreas e taxas de entrega.",
  deliveryTooLong: `As áreas e taxas de entrega devem ter no máximo ${DELIVERY_MAX} caracteres.`,
  noteRequired: "Escreva a observação.",
  noteTooLong: `A observação deve ter no máximo ${NOTE_MAX} caracteres.`,
  noOnboarding: "Sua implantação ainda não foi aberta: ela começa quando o primeiro pagamento é confirmado.",
  published: "Seu cardápio já foi publicado. Para mudar alguma coisa, fale com o suporte.",
  fileSaved: "Arquivo enviado. Nossa equipe foi avisada.",
  textSaved: "Informações enviadas. Nossa equipe foi avisada.",
  error: "Não foi possível enviar agora. Tente novamente em instantes.",
} as const;

/** "1,5 MB" / "320 KB": sizes as the client reads them. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024)
    return `${(n / (1024 * 1024)).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(n / 1024)).toLocaleString("pt-BR")} KB`;
}
