// The demo business of a new install (pt-BR): a few weeks of a small sales operation.
// Kept apart from the seeding logic (demo-business.server.ts).
import type { clients, leads, referrals } from "~/db/schema";

type LeadStage = NonNullable<(typeof leads.$inferInsert)["statusFunil"]>;
type ClientStatus = NonNullable<(typeof clients.$inferInsert)["status"]>;
type ReferralStatus = NonNullable<(typeof referrals.$inferInsert)["status"]>;

export const DEMO_REPRESENTATIVE = { name: "Marina Duarte", email: "representante@example.com" };

export interface DemoClient {
  name: string;
  email: string;
  phone: string;
  business: string;
  plan: string;
  status: ClientStatus;
  /** Days since the client signed up. */
  since: number;
  /** Days from today to the current subscription's end (negative: already ended). */
  endsIn: number;
  notes?: string[];
}

export const DEMO_CLIENTS: DemoClient[] = [
  {
    name: "Rafael Monteiro",
    email: "rafael@pizzariabellanapoli.com.br",
    phone: "(11) 98431-2207",
    business: "Pizzaria Bella Napoli",
    plan: "Premium",
    status: "ativo",
    since: 58,
    endsIn: 3,
    notes: [
      "Pediu ajuda para cadastrar as pizzas meio a meio.",
      "Quer renovar por mais um trimestre; ligar antes do vencimento.",
    ],
  },
  {
    name: "Juliana Prado",
    email: "juliana@acaidaju.com.br",
    phone: "(21) 99714-5530",
    business: "Açaí da Ju",
    plan: "Básico",
    status: "ativo",
    since: 52,
    endsIn: 6,
    notes: ["Usa muito o PIX; perguntou sobre cupom de primeira compra."],
  },
  {
    name: "Carlos Eduardo Lima",
    email: "carlos@hamburgueriadocadu.com.br",
    phone: "(31) 98822-4016",
    business: "Hamburgueria do Cadu",
    plan: "Black",
    status: "ativo",
    since: 47,
    endsIn: -2,
    notes: ["Pagamento da renovação em atraso: enviar lembrete pelo WhatsApp."],
  },
  {
    name: "Fernanda Costa",
    email: "fernanda@sushiyama.com.br",
    phone: "(41) 99150-8874",
    business: "Sushi Yama",
    plan: "Premium",
    status: "ativo",
    since: 41,
    endsIn: 19,
  },
  {
    name: "Tiago Almeida",
    email: "tiago@pastelariasaojorge.com.br",
    phone: "(51) 98276-1135",
    business: "Pastelaria São Jorge",
    plan: "Básico",
    status: "ativo",
    since: 36,
    endsIn: 24,
  },
  {
    name: "Patrícia Gomes",
    email: "patricia@marmitariadapaty.com.br",
    phone: "(61) 99633-7042",
    business: "Marmitaria da Paty",
    plan: "Premium",
    status: "ativo",
    since: 30,
    endsIn: 31,
    notes: ["Cardápio semanal: atualiza toda segunda-feira."],
  },
  {
    name: "Bruno Rezende",
    email: "bruno@churrascariafogodechao.com.br",
    phone: "(71) 98145-9920",
    business: "Churrascaria Fogo Bravo",
    plan: "Black",
    status: "ativo",
    since: 24,
    endsIn: 66,
  },
  {
    name: "Aline Ferreira",
    email: "aline@docesdaaline.com.br",
    phone: "(81) 99287-3361",
    business: "Doces da Aline",
    plan: "Básico",
    status: "pendente",
    since: 12,
    endsIn: 18,
  },
  {
    name: "Gustavo Nunes",
    email: "gustavo@cafeteriagraos.com.br",
    phone: "(19) 98754-6618",
    business: "Cafeteria Grãos",
    plan: "Premium",
    status: "ativo",
    // Paid its first charge over a week ago (due three business days after it was issued, even
    // across a weekend and holidays): its onboarding is past the promised five business days.
    since: 20,
    endsIn: 70,
  },
  {
    name: "Renata Siqueira",
    email: "renata@cantinanonnarosa.com.br",
    phone: "(48) 99908-2475",
    business: "Cantina Nonna Rosa",
    plan: "Premium",
    status: "inativo",
    since: 90,
    endsIn: -30,
    notes: ["Fechou a loja do centro; pode voltar na reabertura."],
  },
  // Former clients: they came and left during the last year, so Receita shows
  // twelve months of movements on a first start. Last in the list: the converted leads and the
  // onboardings point at the clients above by position.
  {
    name: "Márcio Tavares",
    email: "marcio@lanchonetesabormineiro.com.br",
    phone: "(31) 99402-1877",
    business: "Lanchonete Sabor Mineiro",
    plan: "Premium",
    status: "inativo",
    since: 340,
    endsIn: -140,
    notes: ["Vendeu o ponto; indicou o novo dono."],
  },
  {
    name: "Helena Brandão",
    email: "helena@bistrovilaverde.com.br",
    phone: "(11) 99318-6654",
    business: "Bistrô Vila Verde",
    plan: "Premium",
    status: "inativo",
    since: 300,
    endsIn: -70,
  },
  {
    name: "Otávio Lins",
    email: "otavio@padariapaodourado.com.br",
    phone: "(85) 98807-3319",
    business: "Padaria Pão Dourado",
    plan: "Básico",
    status: "inativo",
    since: 250,
    endsIn: -160,
  },
];

/** One-off charges of the demo (`client`: a DEMO_CLIENTS e-mail); one is open, one cancelled. */
/** The demo client whose area /cliente the first start points to: it has an open charge. */
export const DEMO_CLIENT_AREA_EMAIL = "fernanda@sushiyama.com.br";

export const DEMO_ONE_OFF_CHARGES = [
  {
    client: "fernanda@sushiyama.com.br",
    description: "Fotos profissionais do cardápio (20 pratos)",
    amountCents: 35000,
    issuedDaysAgo: 4,
    dueIn: 8,
    cancelReason: null,
  },
  {
    client: "tiago@pastelariasaojorge.com.br",
    description: "Treinamento presencial da equipe",
    amountCents: 25000,
    issuedDaysAgo: 20,
    dueIn: -10,
    cancelReason: "Cliente preferiu o treinamento on-line, incluído no plano.",
  },
];

/** Configurações → Financeiro of the demo: the Central Bank's example random (EVP) key. */
export const DEMO_PIX = {
  pixKey: "123e4567-e12b-12d1-a456-426655440000",
  pixName: "CardapioDigital Demo",
  pixCity: "SAO PAULO",
};

/** "Dados da empresa" of the demo: the issuer its receipts name (a fictional company; a valid CNPJ). */
export const DEMO_COMPANY = {
  companyLegalName: "Cardápio Digital Demonstração Ltda",
  companyCnpj: "11222333000181",
  companyAddress: "Av. Paulista, 1000, sala 101",
  companyDistrict: "Bela Vista",
  companyCity: "São Paulo",
  companyUf: "SP",
  companyCep: "01310100",
};

export interface DemoLead {
  name: string;
  email: string;
  phone: string;
  business: string;
  plan: string;
  stage: LeadStage;
  daysAgo: number;
  message?: string;
  utm?: "google" | "instagram";
  /** For a converted lead: the index of its client in DEMO_CLIENTS. */
  client?: number;
}

const UNSURE = "Ainda não sei qual plano escolher";

export const DEMO_LEADS: DemoLead[] = [
  {
    name: "Letícia Barros",
    email: "leticia@tapiocariadaleti.com.br",
    phone: "(85) 98812-4450",
    business: "Tapiocaria da Leti",
    plan: "Básico",
    stage: "novo",
    daysAgo: 0,
    message: "Quero começar a vender pelo WhatsApp sem pagar comissão.",
    utm: "instagram",
  },
  {
    name: "Marcos Vinícius",
    email: "marcos@espetinhodomarcos.com.br",
    phone: "(62) 99145-7731",
    business: "Espetinho do Marcos",
    plan: "Premium",
    stage: "novo",
    daysAgo: 0,
    utm: "google",
  },
  {
    name: "Camila Rocha",
    email: "camila@saladasfit.com.br",
    phone: "(11) 97720-3318",
    business: "Saladas Fit",
    plan: UNSURE,
    stage: "novo",
    daysAgo: 1,
    message: "Vocês integram com impressora de pedidos?",
  },
  {
    name: "Diego Martins",
    email: "diego@pizzariaforno.com.br",
    phone: "(27) 99866-2094",
    business: "Pizzaria Forno a Lenha",
    plan: "Black",
    stage: "novo",
    daysAgo: 1,
    utm: "google",
  },
  {
    name: "Sabrina Teixeira",
    email: "sabrina@padariatrigo.com.br",
    phone: "(13) 98103-5527",
    business: "Padaria Trigo Bom",
    plan: "Básico",
    stage: "novo",
    daysAgo: 2,
  },
  {
    name: "Henrique Castro",
    email: "henrique@burgerhouse.com.br",
    phone: "(47) 99270-6643",
    business: "Burger House",
    plan: "Premium",
    stage: "novo",
    daysAgo: 3,
    utm: "instagram",
  },
  {
    name: "Vanessa Moura",
    email: "vanessa@cozinhadavanessa.com.br",
    phone: "(16) 98455-1209",
    business: "Cozinha da Vanessa",
    plan: UNSURE,
    stage: "novo",
    daysAgo: 4,
    message: "Faço marmitas congeladas, serve para mim?",
  },
  {
    name: "Rodrigo Pires",
    email: "rodrigo@temakeria.com.br",
    phone: "(34) 99618-8852",
    business: "Temakeria Oriental",
    plan: "Premium",
    stage: "novo",
    daysAgo: 5,
  },
  {
    name: "Beatriz Cardoso",
    email: "beatriz@sorveteriapolo.com.br",
    phone: "(83) 98937-4406",
    business: "Sorveteria Polo Norte",
    plan: "Básico",
    stage: "contatado",
    daysAgo: 6,
    utm: "google",
  },
  {
    name: "Leonardo Souza",
    email: "leonardo@pastelfeira.com.br",
    phone: "(92) 99281-3390",
    business: "Pastel de Feira do Léo",
    plan: "Básico",
    stage: "contatado",
    daysAgo: 7,
  },
  {
    name: "Priscila Andrade",
    email: "priscila@comidaarabe.com.br",
    phone: "(91) 98174-6625",
    business: "Esfiharia Damasco",
    plan: "Premium",
    stage: "contatado",
    daysAgo: 8,
    message: "Tenho duas lojas; dá para um cardápio por loja?",
  },
  {
    name: "Thiago Ribeiro",
    email: "thiago@cervejariaartesanal.com.br",
    phone: "(41) 99532-8017",
    business: "Bar e Petiscos Lúpulo",
    plan: "Black",
    stage: "contatado",
    daysAgo: 9,
    utm: "instagram",
  },
  {
    name: "Larissa Melo",
    email: "larissa@acaiteriatropical.com.br",
    phone: "(21) 98690-1148",
    business: "Açaíteria Tropical",
    plan: "Básico",
    stage: "contatado",
    daysAgo: 10,
  },
  {
    name: "Fábio Azevedo",
    email: "fabio@restaurantecaseiro.com.br",
    phone: "(31) 99405-2263",
    business: "Restaurante Sabor Caseiro",
    plan: UNSURE,
    stage: "contatado",
    daysAgo: 11,
  },
  {
    name: "Natália Campos",
    email: "natalia@confeitarianat.com.br",
    phone: "(51) 98823-7704",
    business: "Confeitaria Nat",
    plan: "Premium",
    stage: "qualificado",
    daysAgo: 12,
    utm: "google",
  },
  {
    name: "André Batista",
    email: "andre@pizzariadobairro.com.br",
    phone: "(11) 99187-4432",
    business: "Pizzaria do Bairro",
    plan: "Premium",
    stage: "qualificado",
    daysAgo: 13,
  },
  {
    name: "Gabriela Freitas",
    email: "gabriela@poke.com.br",
    phone: "(48) 98566-3051",
    business: "Poke & Cia",
    plan: "Black",
    stage: "qualificado",
    daysAgo: 14,
    message: "Preciso de pedidos agendados para o almoço.",
  },
  {
    name: "Eduardo Moreira",
    email: "eduardo@lanchoneteexpress.com.br",
    phone: "(61) 99720-8816",
    business: "Lanchonete Express",
    plan: "Básico",
    stage: "qualificado",
    daysAgo: 16,
  },
  {
    name: "Daniela Lopes",
    email: "daniela@cafedamanha.com.br",
    phone: "(71) 98341-5529",
    business: "Café da Manhã Delivery",
    plan: "Premium",
    stage: "qualificado",
    daysAgo: 17,
    utm: "instagram",
  },
  {
    name: "Felipe Cunha",
    email: "felipe@churrasquinho.com.br",
    phone: "(81) 99058-6673",
    business: "Churrasquinho do Felipe",
    plan: "Premium",
    stage: "negociando",
    daysAgo: 18,
  },
  {
    name: "Mariana Vieira",
    email: "mariana@culinariavegana.com.br",
    phone: "(19) 98212-9940",
    business: "Verde Culinária Vegana",
    plan: "Black",
    stage: "negociando",
    daysAgo: 20,
    utm: "google",
  },
  {
    name: "Lucas Farias",
    email: "lucas@hotdogdolucas.com.br",
    phone: "(85) 99376-1185",
    business: "Hot Dog do Lucas",
    plan: "Básico",
    stage: "negociando",
    daysAgo: 22,
  },
  {
    name: "Isabela Ramos",
    email: "isabela@massasfrescas.com.br",
    phone: "(27) 98804-2237",
    business: "Massas Frescas Isabela",
    plan: "Premium",
    stage: "negociando",
    daysAgo: 23,
    message: "Gostaria de uma demonstração na sexta.",
  },
  {
    name: "Fernanda Costa",
    email: "fernanda@sushiyama.com.br",
    phone: "(41) 99150-8874",
    business: "Sushi Yama",
    plan: "Premium",
    stage: "convertido",
    daysAgo: 44,
    client: 3,
  },
  {
    name: "Patrícia Gomes",
    email: "patricia@marmitariadapaty.com.br",
    phone: "(61) 99633-7042",
    business: "Marmitaria da Paty",
    plan: "Premium",
    stage: "convertido",
    daysAgo: 33,
    client: 5,
    utm: "instagram",
  },
  {
    name: "Aline Ferreira",
    email: "aline@docesdaaline.com.br",
    phone: "(81) 99287-3361",
    business: "Doces da Aline",
    plan: "Básico",
    stage: "convertido",
    daysAgo: 15,
    client: 7,
  },
  {
    name: "Gustavo Nunes",
    email: "gustavo@cafeteriagraos.com.br",
    phone: "(19) 98754-6618",
    business: "Cafeteria Grãos",
    plan: "Premium",
    stage: "convertido",
    daysAgo: 11,
    client: 8,
    utm: "google",
  },
  {
    name: "Otávio Mendes",
    email: "otavio@boteco.com.br",
    phone: "(11) 98020-5564",
    business: "Boteco do Otávio",
    plan: "Básico",
    stage: "perdido",
    daysAgo: 26,
    message: "Achei caro a taxa de adesão.",
  },
  {
    name: "Cristina Dias",
    email: "cristina@quentinhas.com.br",
    phone: "(21) 99445-7718",
    business: "Quentinhas da Cris",
    plan: UNSURE,
    stage: "perdido",
    daysAgo: 28,
  },
  {
    name: "Paulo Henrique",
    email: "paulo@pizzariaitalia.com.br",
    phone: "(31) 98590-3342",
    business: "Pizzaria Itália",
    plan: "Premium",
    stage: "perdido",
    daysAgo: 35,
    utm: "google",
  },
];

export interface DemoReferral {
  business: string;
  contact: string;
  phone: string;
  plan: string;
  status: ReferralStatus;
  daysAgo: number;
  /** The client's e-mail, given at the conversion: referrals past `analise` only. */
  email?: string;
}

export const DEMO_REFERRALS: DemoReferral[] = [
  {
    business: "Lanchonete Central",
    contact: "Sérgio Pacheco",
    phone: "(11) 98877-1203",
    plan: "Premium",
    status: "analise",
    daysAgo: 2,
  },
  {
    business: "Açaí Point",
    contact: "Roberta Lins",
    phone: "(11) 99741-5586",
    plan: "Básico",
    status: "analise",
    daysAgo: 4,
  },
  {
    business: "Pizzaria Dom Pepe",
    contact: "José Pereira",
    phone: "(11) 98302-6671",
    plan: "Black",
    status: "aguardando_pagamento",
    // Converted 10 days ago: its first charge (due three business days after) is overdue.
    daysAgo: 14,
    email: "jose@pizzariadompepe.com.br",
  },
  {
    business: "Restaurante Mineirinho",
    contact: "Cláudia Reis",
    phone: "(31) 99210-4458",
    plan: "Premium",
    status: "producao",
    // Converted 8 days ago and paid on the due date, three business days later: in onboarding.
    daysAgo: 12,
    email: "claudia@restaurantemineirinho.com.br",
  },
  {
    business: "Sushi Kenzo",
    contact: "Kenji Watanabe",
    phone: "(11) 97654-3210",
    plan: "Premium",
    status: "concluido",
    daysAgo: 32,
    email: "kenji@sushikenzo.com.br",
  },
  {
    business: "Padaria Pão de Mel",
    contact: "Luíza Fonseca",
    phone: "(11) 98123-9087",
    plan: "Básico",
    status: "concluido",
    daysAgo: 45,
    email: "luiza@padariapaodemel.com.br",
  },
  {
    business: "Boteco do Zé",
    contact: "José Almeida",
    phone: "(11) 98555-2044",
    plan: "Básico",
    status: "cancelada",
    daysAgo: 20,
  },
];
