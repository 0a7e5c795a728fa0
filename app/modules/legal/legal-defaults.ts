// The default texts of /privacidade and /termos (LGPD), used while the admin has not
// written their own (Configurações → Privacidade). pt-BR HTML; every value is escaped.

export interface Controller {
  companyName: string;
  contactEmail: string | null;
  /** Configurações → Privacidade: months before a lost lead is anonymised. */
  leadRetentionMonths: number;
}

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function contactLine(c: Controller): string {
  return c.contactEmail
    ? `pelo e-mail <a href="mailto:${esc(c.contactEmail)}">${esc(c.contactEmail)}</a>`
    : `pelo <a href="/contato">formulário de contato</a>`;
}

export function defaultPrivacyPolicy(c: Controller): string {
  const name = esc(c.companyName);
  return `<p>Esta Política de Privacidade explica quais dados pessoais a <strong>${name}</strong> trata neste site, para quê, com que base legal, por quanto tempo, com quem os compartilha e como você exerce os seus direitos, nos termos da Lei Geral de Proteção de Dados (Lei nº 13.709/2018, LGPD).</p>
<h2>Quem é o controlador</h2>
<p>O controlador dos dados é a <strong>${name}</strong>. Dúvidas e pedidos sobre os seus dados podem ser enviados ${contactLine(c)}.</p>
<h2>Quais dados coletamos e para quê</h2>
<h3>Formulário de contato (página inicial e página Contato)</h3>
<ul>
<li><strong>Dados:</strong> nome, e-mail, telefone/WhatsApp, nome do estabelecimento, plano de interesse e a mensagem que você escrever; de onde veio a visita (parâmetros de campanha, como utm_source, e a página de origem).</li>
<li><strong>Finalidade:</strong> responder ao seu contato, apresentar e contratar o serviço e saber quais canais trazem clientes.</li>
<li><strong>Base legal:</strong> procedimentos preliminares a um contrato, a seu pedido (art. 7º, V) e legítimo interesse no acompanhamento comercial (art. 7º, IX).</li>
</ul>
<h3>Cadastro de representante</h3>
<ul>
<li><strong>Dados:</strong> nome, e-mail e senha (guardada apenas de forma cifrada); depois, as indicações feitas e as comissões.</li>
<li><strong>Finalidade:</strong> dar acesso à área do representante, registrar indicações e pagar comissões.</li>
<li><strong>Base legal:</strong> execução de contrato (art. 7º, V) e cumprimento de obrigação legal, como registros fiscais (art. 7º, II).</li>
</ul>
<h3>Indicações feitas por representantes</h3>
<ul>
<li><strong>Dados:</strong> nome do estabelecimento indicado, nome, telefone e e-mail de contato e observações do representante.</li>
<li><strong>Finalidade:</strong> entrar em contato com o estabelecimento indicado para apresentar o serviço.</li>
<li><strong>Base legal:</strong> legítimo interesse (art. 7º, IX). O estabelecimento pode se opor a qualquer momento pelos canais abaixo.</li>
</ul>
<h3>Cookies</h3>
<ul>
<li><strong>Necessários:</strong> segurança, funcionamento dos formulários, origem da visita associada ao formulário de contato, o representante que indicou o site quando você chega por um link de indicação (guardado por 90 dias, só para creditar a indicação) e a sua escolha sobre cookies. Não dependem de consentimento.</li>
<li><strong>Estatísticas:</strong> Google Analytics e Google Tag Manager, para medir visitas e melhorar o site. Só são carregados com o seu consentimento (art. 7º, I).</li>
<li><strong>Marketing:</strong> Meta Pixel e scripts de parceiros, para medir campanhas e exibir anúncios. Só são carregados com o seu consentimento (art. 7º, I).</li>
</ul>
<p>Você muda a sua escolha quando quiser pelo link “Preferências de cookies”, no rodapé de todas as páginas.</p>
<h2>Por quanto tempo guardamos</h2>
<ul>
<li>Contatos que não viram clientes: até ${c.leadRetentionMonths} meses após o último contato; depois, são anonimizados.</li>
<li>Clientes e representantes: enquanto durar a relação e, depois, pelos prazos exigidos por lei (por exemplo, fiscais).</li>
<li>Cópias dos e-mails enviados pelo sistema: 90 dias.</li>
</ul>
<h2>Com quem compartilhamos</h2>
<ul>
<li>Provedores que operam o serviço em nosso nome: hospedagem e envio de e-mails.</li>
<li>Google e Meta, apenas para as categorias de cookies que você aceitar.</li>
<li>Autoridades públicas, quando a lei exigir.</li>
</ul>
<p>Não vendemos dados pessoais.</p>
<h2>Seus direitos</h2>
<p>Você pode pedir, a qualquer momento e sem custo: confirmação de que tratamos seus dados; acesso a eles; correção; anonimização, bloqueio ou eliminação de dados desnecessários ou tratados em desconformidade; portabilidade; informação sobre com quem os compartilhamos; e revogação do consentimento (art. 18 da LGPD). Faça o pedido ${contactLine(c)}. Você também pode reclamar à Autoridade Nacional de Proteção de Dados (ANPD).</p>
<h2>Segurança</h2>
<p>Usamos conexão cifrada, senhas guardadas com hash, acesso restrito por perfil e registro de auditoria das alterações.</p>
<h2>Alterações desta política</h2>
<p>Quando esta política mudar, a data de atualização no topo da página muda junto.</p>`;
}

export function defaultTermsOfUse(c: Controller): string {
  const name = esc(c.companyName);
  return `<p>Estes Termos de Uso regem o uso deste site, mantido pela <strong>${name}</strong>. Ao usá-lo, você concorda com eles.</p>
<h2>O site</h2>
<p>O site apresenta o serviço de cardápio digital e pedidos online, seus planos e conteúdos do blog. Preços e condições exibidos podem mudar; a contratação é confirmada na proposta enviada a você.</p>
<h2>Formulários</h2>
<p>Ao enviar um formulário, você declara que os dados informados são verdadeiros e que pode informá-los. O tratamento desses dados segue a <a href="/privacidade">Política de Privacidade</a>.</p>
<h2>Área do representante</h2>
<p>O acesso é pessoal e intransferível; guarde a sua senha. Indicações devem ser de estabelecimentos reais, com dados obtidos de forma lícita. Comissões seguem as condições combinadas com a ${name}. Contas usadas de forma abusiva podem ser desativadas.</p>
<h2>Propriedade intelectual</h2>
<p>Textos, marcas e imagens do site pertencem à ${name} ou aos seus licenciantes e não podem ser copiados sem autorização.</p>
<h2>Responsabilidade</h2>
<p>Fazemos o possível para manter o site disponível e correto, mas ele pode passar por interrupções e conter erros, que corrigimos assim que soubermos.</p>
<h2>Contato e legislação</h2>
<p>Fale conosco ${contactLine(c)}. Estes termos seguem as leis brasileiras.</p>`;
}
