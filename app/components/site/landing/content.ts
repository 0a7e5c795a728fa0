// Static landing copy (SPEC §1): six feature cards, six benefits, three testimonials, seven FAQ
// items. Every claim here is one the spec makes; keep it that way when editing.

export const FEATURES = [
  {
    icon: "menu",
    title: "Cardápio digital completo",
    text: "Fotos, descrições, adicionais e tamanhos em um cardápio bonito que abre em qualquer celular. Mudou o preço ou acabou um item? Atualize na hora, sem reimprimir nada.",
  },
  {
    icon: "bike",
    title: "Delivery, retirada e agendamento",
    text: "Seu cliente escolhe: receber em casa, retirar no balcão ou agendar o pedido para o dia e o horário que preferir. Tudo no mesmo sistema.",
  },
  {
    icon: "wallet",
    title: "Pagamento direto para você",
    text: "Receba por PIX, cartão ou dinheiro na entrega, direto do seu cliente. Nenhum intermediário segura o seu dinheiro por semanas.",
  },
  {
    icon: "phone",
    title: "Aplicativo para seus clientes",
    text: "Além do link do cardápio, seus clientes contam com um aplicativo disponível na loja de aplicativos para pedir de novo com poucos toques.",
  },
  {
    icon: "bell",
    title: "Pedidos organizados",
    text: "Cada pedido chega completo, com itens, endereço e forma de pagamento. Chega de anotar pedido no papel ou se perder em conversas do WhatsApp.",
  },
  {
    icon: "percent",
    title: "Zero comissão por pedido",
    text: "Você paga uma mensalidade fixa, não uma porcentagem de cada venda. Quanto mais você vende, mais lucro fica no seu caixa.",
  },
] as const;

export const BENEFITS = [
  "Sistema pronto em 3 a 5 dias úteis após a confirmação do pagamento.",
  "Mensalidade fixa e taxa de ativação única, quando o plano tiver: sem surpresas na fatura.",
  "O dinheiro das vendas vai direto para você: PIX, cartão ou dinheiro na entrega.",
  "Delivery, retirada no balcão e pedidos agendados em um só lugar.",
  "Clientes Premium recebem as atualizações do sistema gratuitamente.",
  "Atendimento de gente de verdade: respondemos o seu contato em até 24 horas.",
] as const;

export const TESTIMONIALS = [
  {
    name: "Mariana Costa",
    role: "Proprietária",
    company: "Cantina da Mari",
    avatar: "/images/avatars/mariana-costa.svg",
    text: "Os aplicativos levavam quase um terço de cada pedido. Com o cardápio próprio, pagamos uma mensalidade fixa e o PIX cai direto na nossa conta. Foi a melhor decisão do ano.",
  },
  {
    name: "Rafael Oliveira",
    role: "Sócio",
    company: "Burger do Rafa",
    avatar: "/images/avatars/rafael-oliveira.svg",
    text: "Em quatro dias úteis o cardápio estava no ar. Colocamos o link na bio do Instagram e hoje a maior parte dos pedidos chega por ele, organizada e sem erro de anotação.",
  },
  {
    name: "Juliana Santos",
    role: "Gerente",
    company: "Doce Encanto Confeitaria",
    avatar: "/images/avatars/juliana-santos.svg",
    text: "Os pedidos agendados mudaram a nossa rotina: as encomendas de bolo chegam com dias de antecedência e a produção ficou planejada. Acabou a correria de última hora.",
  },
] as const;

export const FAQ = [
  {
    q: "Em quanto tempo meu cardápio digital fica pronto?",
    a: "Em 3 a 5 dias úteis depois da confirmação do pagamento. Nesse período configuramos o seu cardápio, as formas de entrega e de pagamento, e você já começa a receber pedidos.",
  },
  {
    q: "Vocês cobram comissão sobre os pedidos?",
    a: "Não. Você paga somente a mensalidade fixa do plano e, quando o plano tiver, uma taxa de ativação única. Não existe porcentagem sobre as suas vendas, não importa quanto você venda.",
  },
  {
    q: "Como recebo o pagamento dos meus clientes?",
    a: "Direto do cliente para você, por PIX, cartão ou dinheiro na entrega. O valor não passa por nós e não fica retido: o dinheiro das vendas é seu desde o primeiro pedido.",
  },
  {
    q: "O sistema aceita delivery, retirada e pedidos agendados?",
    a: "Sim. O cliente escolhe entre receber em casa, retirar no balcão ou agendar o pedido para outro dia e horário, ideal para encomendas, marmitas e festas.",
  },
  {
    q: "Meus clientes precisam baixar um aplicativo?",
    a: "Não é obrigatório: o cardápio abre direto no navegador pelo link. Para quem prefere, existe um aplicativo para clientes disponível na loja de aplicativos.",
  },
  {
    q: "As atualizações do sistema são cobradas à parte?",
    a: "Clientes Premium recebem todas as atualizações gratuitamente. Sempre que lançamos uma novidade, ela chega ao seu cardápio sem custo extra.",
  },
  {
    q: "Como faço para contratar?",
    a: "Preencha o formulário de contato desta página ou chame a gente no WhatsApp. Nossa equipe responde em até 24 horas para tirar suas dúvidas e ativar o seu plano.",
  },
] as const;
