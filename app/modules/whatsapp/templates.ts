import type { TemplateComponent } from "~/server/messaging/channel";

// The WhatsApp templates, one per moment, in one place: the exact text submitted in WhatsApp
// Manager (docs/whatsapp.md is checked against this file), its parameters in order, and how a
// moment's values become the API's components. All are pt_BR, category UTILITY (transactional:
// billing and service notices, nothing promotional, or Meta reclassifies them as marketing).
//
// The PIX "copia e cola" goes in the body, not in a copy-code button: Meta's copy-code button
// belongs to coupon templates (category MARKETING, codes of at most 15 characters), and a PIX
// code has 100+ characters. Decision 044.

export const TEMPLATE_LANGUAGE = "pt_BR";
export const TEMPLATE_CATEGORY = "UTILITY";

/** Every template's footer: how to stop, in the message itself. */
export const TEMPLATE_FOOTER = "Para não receber mensagens aqui, responda PARAR.";

export interface TemplateParam {
  key: string;
  description: string;
  example: string;
}

export interface TemplateButton {
  text: string;
  /** The URL as registered, its one variable at the end: `{{1}}`. `{site}`: the site's address,
   * `{link-de-pagamento}`: WHATSAPP_PAYMENT_LINK_BASE. */
  url: string;
  param: TemplateParam;
}

export interface TemplateDefinition {
  name: string;
  /** What the message log calls it. */
  label: string;
  /** The message log's kind. */
  kind: string;
  body: string;
  params: readonly TemplateParam[];
  button?: TemplateButton;
}

const nome: TemplateParam = { key: "nome", description: "Nome do responsável", example: "Maria" };
const cobranca: TemplateParam = {
  key: "cobranca",
  description: "Número da cobrança",
  example: "2026-000123",
};
const valor: TemplateParam = { key: "valor", description: "Valor da cobrança", example: "R$ 89,90" };
const vencimento: TemplateParam = {
  key: "vencimento",
  description: "Data de vencimento (dd/mm/aaaa)",
  example: "10/04/2026",
};
const pix: TemplateParam = {
  key: "pix",
  description: "PIX copia e cola da cobrança",
  example:
    "00020101021226900014br.gov.bcb.pix2568pix.exemplo.com.br/qr/v2/cobv/9d36b84f5204000053039865406" +
    "89.905802BR5915CARDAPIODIGITAL6009SAO PAULO62070503***6304ABCD",
};
const negocio: TemplateParam = {
  key: "negocio",
  description: "Nome do restaurante",
  example: "Pizzaria Boa",
};

const PIX_BLOCK = "Para pagar com PIX, copie o código abaixo e cole no app do seu banco:";
const ALREADY_PAID = "Se já pagou, desconsidere esta mensagem.";

const NEW_CHARGE_BODY =
  "Olá, {{1}}! Sua cobrança {{2}} do CardápioDigital foi emitida: {{3}}, com vencimento em {{4}}.\n\n" +
  `${PIX_BLOCK}\n{{5}}\n\nObrigado!`;

export const TEMPLATES = {
  cobranca_nova: {
    name: "cobranca_nova",
    label: "WhatsApp: nova cobrança",
    kind: "whatsapp.cobranca.nova",
    body: NEW_CHARGE_BODY,
    params: [nome, cobranca, valor, vencimento, pix],
  },
  cobranca_nova_link: {
    name: "cobranca_nova_link",
    label: "WhatsApp: nova cobrança (com link de pagamento)",
    kind: "whatsapp.cobranca.nova",
    body: NEW_CHARGE_BODY,
    params: [nome, cobranca, valor, vencimento, pix],
    button: {
      text: "Pagar cobrança",
      url: "{link-de-pagamento}{{1}}",
      param: {
        key: "link",
        description: "O fim do link de pagamento do provedor (o que vem depois da base)",
        example: "pay_080225913252",
      },
    },
  },
  cobranca_vence_em_breve: {
    name: "cobranca_vence_em_breve",
    label: "WhatsApp: lembrete (vence em breve)",
    kind: "whatsapp.cobranca.lembrete",
    body:
      "Olá, {{1}}! Lembrete: a cobrança {{2}} do CardápioDigital, de {{3}}, vence em {{4}}.\n\n" +
      `${PIX_BLOCK}\n{{5}}\n\n${ALREADY_PAID}`,
    params: [nome, cobranca, valor, vencimento, pix],
  },
  cobranca_vence_hoje: {
    name: "cobranca_vence_hoje",
    label: "WhatsApp: lembrete (vence hoje)",
    kind: "whatsapp.cobranca.lembrete",
    body:
      "Olá, {{1}}! A cobrança {{2}} do CardápioDigital, de {{3}}, vence hoje.\n\n" +
      `${PIX_BLOCK}\n{{4}}\n\n${ALREADY_PAID}`,
    params: [nome, cobranca, valor, pix],
  },
  cobranca_vencida: {
    name: "cobranca_vencida",
    label: "WhatsApp: lembrete (vencida)",
    kind: "whatsapp.cobranca.lembrete",
    body:
      "Olá, {{1}}! A cobrança {{2}} do CardápioDigital, de {{3}}, venceu em {{4}} e ainda está em aberto.\n\n" +
      `${PIX_BLOCK}\n{{5}}\n\n${ALREADY_PAID}`,
    params: [nome, cobranca, valor, vencimento, pix],
  },
  pagamento_recebido: {
    name: "pagamento_recebido",
    label: "WhatsApp: pagamento recebido",
    kind: "whatsapp.cobranca.recibo",
    body:
      "Olá, {{1}}! Recebemos o pagamento de {{2}} da cobrança {{3}} em {{4}}. Obrigado!\n\n" +
      "O recibo fica na Área do Cliente, no botão abaixo.",
    params: [
      nome,
      { key: "valor", description: "Valor pago", example: "R$ 89,90" },
      cobranca,
      { key: "pago_em", description: "Data do pagamento (dd/mm/aaaa)", example: "08/04/2026" },
    ],
    button: {
      text: "Ver recibo",
      url: "{site}/cliente/recibo/{{1}}",
      param: {
        key: "cobranca_id",
        description: "Identificador da cobrança",
        example: "5b0e7c8e-0000-4000-8000-000000000001",
      },
    },
  },
  assinatura_suspensa: {
    name: "assinatura_suspensa",
    label: "WhatsApp: assinatura suspensa",
    kind: "whatsapp.assinatura.suspensa",
    body:
      "Olá, {{1}}! O cardápio digital de {{2}} foi suspenso porque a cobrança {{3}}, de {{4}}, " +
      "está em aberto desde {{5}}.\n\n" +
      `${PIX_BLOCK}\n{{6}}\n\n` +
      "Assim que o pagamento for confirmado, o cardápio volta ao ar automaticamente.",
    params: [nome, negocio, cobranca, valor, vencimento, pix],
  },
  cardapio_publicado: {
    name: "cardapio_publicado",
    label: "WhatsApp: cardápio no ar",
    kind: "whatsapp.implantacao.publicada",
    body:
      "Olá, {{1}}! O cardápio digital de {{2}} está no ar: {{3}}\n\n" +
      "Compartilhe o link com os seus clientes. Para pedir um ajuste, use a Área do Cliente.",
    params: [
      nome,
      negocio,
      { key: "link", description: "Link do cardápio", example: "https://pizzariaboa.cardapio.digital" },
    ],
  },
  contato_retorno: {
    name: "contato_retorno",
    label: "WhatsApp: retorno de contato",
    kind: "whatsapp.lead.retorno",
    body:
      "Olá, {{1}}! Aqui é a equipe do CardápioDigital, respondendo à mensagem que você enviou pelo " +
      "nosso site sobre {{2}}. Podemos continuar a conversa por aqui? É só responder esta mensagem.",
    params: [
      { key: "nome", description: "Nome de quem escreveu", example: "Maria" },
      { key: "negocio", description: "Nome do negócio informado no formulário", example: "Pizzaria Boa" },
    ],
  },
} as const satisfies Record<string, TemplateDefinition>;

export type TemplateName = keyof typeof TEMPLATES;
type ParamKeys<N extends TemplateName> = (typeof TEMPLATES)[N]["params"][number]["key"];
type ButtonKey<N extends TemplateName> = (typeof TEMPLATES)[N] extends { button: { param: { key: infer K } } }
  ? K & string
  : never;
/** The values a template needs, by parameter name. */
export type TemplateValues<N extends TemplateName> = Record<ParamKeys<N> | ButtonKey<N>, string>;

/**
 * A parameter as Meta accepts it: no line breaks or tabs, no more than four spaces in a row
 * (the API refuses the message otherwise), no-break spaces (Intl's money) as plain ones.
 */
export function cleanParam(value: string): string {
  return value
    .replace(/[\r\n\t]+/g, " ")
    .replace(/\u00a0/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

export interface RenderedTemplate {
  name: TemplateName;
  language: string;
  components: TemplateComponent[];
  /** What the person reads (body, button, footer), for the message log. */
  text: string;
}

/** Fills a template in: the API's components and the text it shows, from the moment's values. */
export function renderTemplate<N extends TemplateName>(
  name: N,
  values: TemplateValues<N>,
  { site, paymentLinkBase }: { site: string; paymentLinkBase: string },
): RenderedTemplate {
  const def: TemplateDefinition = TEMPLATES[name];
  const given = values as Record<string, string>;
  const bodyValues = def.params.map((p) => {
    const v = cleanParam(given[p.key] ?? "");
    if (!v) throw new Error(`Template ${name}: parameter ${p.key} is empty`);
    return v;
  });
  const components: TemplateComponent[] = [
    { type: "body", parameters: bodyValues.map((text) => ({ type: "text" as const, text })) },
  ];
  let text = def.body.replace(/\{\{(\d+)\}\}/g, (_m, n: string) => bodyValues[Number(n) - 1]);
  if (def.button) {
    const suffix = cleanParam(given[def.button.param.key] ?? "");
    if (!suffix) throw new Error(`Template ${name}: button parameter ${def.button.param.key} is empty`);
    components.push({
      type: "button",
      sub_type: "url",
      index: "0",
      parameters: [{ type: "text", text: suffix }],
    });
    const url = def.button.url
      .replace("{site}", site.replace(/\/+$/, ""))
      .replace("{link-de-pagamento}", paymentLinkBase)
      .replace("{{1}}", suffix);
    text += `\n\n[${def.button.text}] ${url}`;
  }
  text += `\n\n${TEMPLATE_FOOTER}`;
  return { name, language: TEMPLATE_LANGUAGE, components, text };
}

/** The payment link's variable part for the link button, or null when it is not under the base
 * registered in the template (then the message goes without the button). */
export function paymentLinkSuffix(paymentUrl: string | null, base: string): string | null {
  if (!paymentUrl || !base || !paymentUrl.startsWith(base)) return null;
  const rest = paymentUrl.slice(base.length);
  return rest && !/\s/.test(rest) ? rest : null;
}
