import { DEMO_CLIENT_AREA_EMAIL } from "./demo-business-content";

/**
 * What the first start prints about the demo business (shown once to the operator, not logged):
 * the demo representative's sign-in, and how to open the restaurant's own area as a demo
 * client: its e-mail at /cliente/entrar, then where the link goes. Without SMTP it stays in
 * the mail log; with SMTP_URL set it is e-mailed to the demo client's address, and a delivered
 * sign-in link leaves the mail log (decision 032), so the operator is told to use an address of
 * their own (the banner true to the configuration).
 */
export function demoOperatorMessage(
  business: { representativeEmail: string; representativePassword: string },
  { smtp = false }: { smtp?: boolean } = {},
) {
  const line = "=".repeat(64);
  const link = smtp
    ? `    com SMTP configurado (SMTP_URL), o link de acesso é enviado por e-mail a esse endereço\n` +
      `    e não fica no registro de e-mails; para recebê-lo, troque o e-mail do cliente de\n` +
      `    demonstração em /admin/clients por um endereço seu.\n`
    : `    sem SMTP configurado, o link de acesso fica em /admin/emails (registro de e-mails).\n`;
  return (
    `\n${line}\n  Dados de demonstração criados (leads, clientes, indicações).\n` +
    `  Representante de demonstração (anote, a senha não será mostrada de novo):\n` +
    `    e-mail: ${business.representativeEmail}\n    senha:  ${business.representativePassword}\n` +
    `  Acesse /representante/login. Para não criar: SEED_DEMO=content ou false.\n` +
    `  Área do Cliente de demonstração: em /cliente/entrar, informe ${DEMO_CLIENT_AREA_EMAIL};\n` +
    `${link}${line}\n`
  );
}
