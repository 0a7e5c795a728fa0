import { DEMO_CLIENT_AREA_EMAIL } from "./demo-business-content";

/**
 * What the first start prints about the demo business (shown once to the operator, not logged):
 * the demo representative's sign-in, and how to open the restaurant's own area as a demo client
 * (issue 32): its e-mail at /cliente/entrar, the link in the mail log when no SMTP is set.
 */
export function demoOperatorMessage(business: {
  representativeEmail: string;
  representativePassword: string;
}) {
  const line = "=".repeat(64);
  return (
    `\n${line}\n  Dados de demonstração criados (leads, clientes, indicações).\n` +
    `  Representante de demonstração (anote, a senha não será mostrada de novo):\n` +
    `    e-mail: ${business.representativeEmail}\n    senha:  ${business.representativePassword}\n` +
    `  Acesse /representante/login. Para não criar: SEED_DEMO=content ou false.\n` +
    `  Área do Cliente de demonstração: em /cliente/entrar, informe ${DEMO_CLIENT_AREA_EMAIL};\n` +
    `    sem SMTP configurado, o link de acesso fica em /admin/emails (registro de e-mails).\n${line}\n`
  );
}
