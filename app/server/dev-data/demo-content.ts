// Demo content for a fresh install (pt-BR). Kept apart from the seeding logic.

export const DEMO_PLANS = [
  {
    name: "Básico",
    priceCents: 4990,
    commissionCents: 5000,
    setupFeeCents: 9900,
    description: "Para quem está começando a vender pela internet.",
    features: [
      "Cardápio digital com fotos",
      "Pedidos ilimitados, sem comissão",
      "Delivery e retirada no balcão",
      "Pagamento por PIX, cartão ou dinheiro na entrega",
      "Suporte por WhatsApp",
    ],
    isPopular: false,
  },
  {
    name: "Premium",
    priceCents: 8990,
    commissionCents: 10000,
    setupFeeCents: 14900,
    description: "O mais escolhido por restaurantes e lanchonetes em crescimento.",
    features: [
      "Tudo do plano Básico",
      "Pedidos agendados",
      "Aplicativo para seus clientes",
      "Cupons de desconto e programa de fidelidade",
      "Relatórios de vendas",
      "Atualizações gratuitas",
    ],
    isPopular: true,
  },
  {
    name: "Black",
    priceCents: 14990,
    commissionCents: 10000,
    setupFeeCents: 0,
    description: "Para operações com várias lojas e alto volume de pedidos.",
    features: [
      "Tudo do plano Premium",
      "Múltiplas unidades em um só painel",
      "Domínio próprio",
      "Integração com impressora de pedidos",
      "Gerente de conta dedicado",
      "Sem taxa de ativação",
    ],
    isPopular: false,
  },
];

const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${t}</p>`).join("");

export const DEMO_POSTS = [
  {
    title: "Como montar um cardápio digital que vende mais",
    slug: "como-montar-um-cardapio-digital-que-vende-mais",
    excerpt:
      "Fotos, descrições e categorias bem pensadas aumentam o ticket médio. Veja o passo a passo para organizar o seu cardápio online.",
    content:
      "<h2>Comece pelas categorias</h2>" +
      p(
        "Clientes decidem em poucos segundos. Agrupe os itens em categorias curtas e claras, como <strong>Lanches</strong>, <strong>Bebidas</strong> e <strong>Sobremesas</strong>.",
        "Coloque os campeões de venda no topo de cada categoria: eles puxam os outros pedidos.",
      ) +
      "<h2>Fotos e descrições</h2>" +
      "<ul><li>Use fotos reais, com boa luz e fundo neutro.</li><li>Descreva ingredientes e tamanho da porção.</li><li>Destaque opções vegetarianas e sem glúten.</li></ul>" +
      p("Com o cardápio pronto, compartilhe o link no Instagram, no WhatsApp e no Google Meu Negócio."),
    imageUrl: "/images/blog/cardapio.svg",
    published: true,
  },
  {
    title: "Delivery sem comissão: quanto o seu restaurante economiza",
    slug: "delivery-sem-comissao-quanto-o-seu-restaurante-economiza",
    excerpt:
      "Aplicativos de entrega cobram até 27% por pedido. Com um sistema próprio de mensalidade fixa, o lucro fica no seu caixa.",
    content:
      p(
        "Um restaurante que vende R$ 30.000 por mês em aplicativos pode pagar mais de R$ 7.000 em comissões. Com um cardápio digital próprio, você paga uma <strong>mensalidade fixa</strong> e recebe o pagamento direto do cliente, por PIX, cartão ou dinheiro na entrega.",
      ) +
      "<h2>Faça a conta</h2>" +
      "<ol><li>Some o faturamento mensal dos aplicativos.</li><li>Multiplique pela comissão cobrada.</li><li>Compare com a mensalidade do plano.</li></ol>" +
      p("A diferença é margem que volta para o seu negócio."),
    imageUrl: "/images/blog/economia.svg",
    published: true,
  },
  {
    title: "Pedidos agendados: venda até quando a cozinha está fechada",
    slug: "pedidos-agendados-venda-ate-quando-a-cozinha-esta-fechada",
    excerpt:
      "Receba encomendas para o almoço de amanhã ou para o fim de semana e organize a produção com antecedência.",
    content: p(
      "Com pedidos agendados, o cliente escolhe o dia e o horário da entrega ou da retirada. Sua equipe planeja as compras e a produção sem correria.",
      "Funciona muito bem para marmitas, bolos, kits de festa e encomendas corporativas.",
    ),
    imageUrl: "/images/blog/agendados.svg",
    published: true,
  },
  {
    title: "5 ideias para divulgar o seu delivery no Instagram",
    slug: "5-ideias-para-divulgar-o-seu-delivery-no-instagram",
    excerpt:
      "Stories com enquetes, bastidores da cozinha e o link do cardápio na bio: ideias simples que trazem pedidos todos os dias.",
    content:
      "<ol><li>Link do cardápio na bio.</li><li>Stories diários com o prato do dia.</li><li>Bastidores da cozinha.</li><li>Enquetes para escolher novos sabores.</li><li>Cupom exclusivo para seguidores.</li></ol>" +
      p("Consistência vale mais do que produção cara: publique todos os dias."),
    imageUrl: "/images/blog/instagram.svg",
    published: true,
  },
  {
    title: "Rascunho: novidades do aplicativo para clientes",
    slug: "novidades-do-aplicativo-para-clientes",
    excerpt: "Em breve: acompanhamento do pedido em tempo real e pedidos repetidos com um toque.",
    content: p("Texto em preparação."),
    imageUrl: null,
    published: false,
  },
];

export const DEFAULT_SETTINGS = {
  title: "Cardápio Digital e Delivery sem Comissão para Restaurantes",
  description:
    "Cardápio digital e sistema de pedidos para restaurantes e lanchonetes: delivery, retirada e pedidos agendados com mensalidade fixa e sem comissão por pedido.",
  keywords: "cardápio digital, delivery sem comissão, sistema de pedidos, restaurante, lanchonete",
  ogTitle: "Cardápio Digital sem Comissão",
  ogDescription: "Venda pelo seu próprio cardápio digital com mensalidade fixa. Pronto em 3 a 5 dias úteis.",
  ogImage: null,
  canonicalUrl: null,
  googleAnalyticsId: null,
  googleTagManagerId: null,
  facebookPixelId: null,
  customScriptsHead: null,
  customScriptsBody: null,
  structuredData: null,
};
