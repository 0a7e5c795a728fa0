// Client-safe: the spec's fixed SEO texts (SPEC §2), used by the pages and by the settings'
// previews, which must show exactly what is served.

export interface Texts {
  title: string;
  description: string;
  keywords: string;
}

/** The pages whose title and description the admin may override (Configurações → SEO). */
export const PAGE_SEO_PATHS = ["/", "/blog", "/contato"] as const;
export type PageSeoPath = (typeof PAGE_SEO_PATHS)[number];

/**
 * SPEC §2: the home, /blog, /contato and everything under /blog/ have fixed texts (an article
 * then uses its own title, excerpt and image); any other path takes the settings' values.
 */
export const FIXED_SEO: Record<"/" | "/blog" | "/contato" | "/blog/*", Texts> = {
  "/": {
    title: "Cardápio Digital e Delivery sem Comissão | CardápioDigital",
    description:
      "Cardápio digital e pedidos online para restaurantes e lanchonetes: delivery, retirada e agendamento com mensalidade fixa e zero comissão. Pronto em 3 a 5 dias úteis.",
    keywords:
      "cardápio digital, delivery sem comissão, sistema de pedidos online, cardápio para restaurante, cardápio para lanchonete, pedidos pelo WhatsApp, aplicativo de delivery próprio",
  },
  "/blog": {
    title: "Blog: Dicas de Delivery e Cardápio Digital | CardápioDigital",
    description:
      "Dicas práticas para vender mais no delivery: cardápio digital que converte, divulgação no Instagram, pedidos agendados e como fugir das comissões dos aplicativos.",
    keywords:
      "blog delivery, dicas para restaurante, cardápio digital, marketing para restaurante, vender mais no delivery",
  },
  "/contato": {
    title: "Fale Conosco e Contrate seu Cardápio Digital | CardápioDigital",
    description:
      "Peça seu cardápio digital sem comissão: preencha o formulário ou chame no WhatsApp. Respondemos em até 24 horas e seu sistema fica pronto em 3 a 5 dias úteis.",
    keywords: "contratar cardápio digital, contato, orçamento cardápio digital, delivery sem comissão",
  },
  "/blog/*": {
    title: "Artigo do Blog | CardápioDigital",
    description:
      "Artigos do blog CardápioDigital com dicas para restaurantes e lanchonetes venderem mais pelo delivery próprio, sem pagar comissão por pedido aos aplicativos.",
    keywords: "blog delivery, cardápio digital, dicas para restaurante",
  },
};
