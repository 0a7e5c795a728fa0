// npm run db:seed: demo data on an empty database (never overwrites).
// npm run db:seed -- --scale N: also N generated leads and proportional clients, referrals,
// representatives and posts (see app/server/dev-data/scale.server.ts), on top of what exists.
import { buildDemoBusiness } from "../app/modules/demo/demo.server";
import { seedDemoData } from "../app/server/dev-data/demo.server";
import { DEMO_CLIENT_AREA_EMAIL } from "../app/server/dev-data/demo-business-content";
import { scaleCounts, seedScale } from "../app/server/dev-data/scale.server";
import { arg, openConfiguredDatabase } from "./lib/connect";

const scaleArg = arg("scale");
const scale = scaleArg === undefined ? undefined : Number(scaleArg.replace(/[_.\s]/g, ""));
if (scale !== undefined && (!Number.isInteger(scale) || scale < 1)) {
  console.error("--scale precisa ser um número inteiro positivo (quantidade de leads).");
  process.exit(1);
}

const db = await openConfiguredDatabase();
// The demo business (leads, clients, a representative) only without --scale: the generated
// rows are the data then.
const { created, business } = await seedDemoData({ business: scale === undefined, build: buildDemoBusiness });
console.log(
  created.length
    ? `Dados de demonstração criados: ${created.join(", ")}.`
    : "Dados de demonstração: nada a criar, o banco já tem dados.",
);
if (business) {
  console.log(
    `Representante de demonstração: ${business.representativeEmail} / senha ${business.representativePassword}`,
  );
  console.log(
    `Área do Cliente de demonstração: em /cliente/entrar, informe ${DEMO_CLIENT_AREA_EMAIL} (sem SMTP, o link fica em /admin/emails)`,
  );
}

if (scale !== undefined) {
  const plan = scaleCounts(scale);
  console.log(
    `Gerando em ${db.kind}: ${plan.leads} leads, ${plan.clients} clientes (com assinaturas e anotações), ` +
      `${plan.representatives} representantes, ${plan.referrals} indicações, ${plan.posts} posts...`,
  );
  const started = performance.now();
  let tableStarted = started;
  const result = await seedScale({
    leads: scale,
    onProgress: (table, done, total) => {
      const secs = ((performance.now() - tableStarted) / 1000).toFixed(1);
      if (done === total) {
        console.log(`  ${table}: ${total} (${secs} s)`);
        tableStarted = performance.now();
      } else if (process.stdout.isTTY) {
        process.stdout.write(`  ${table}: ${done}/${total} (${secs} s)\r`);
      }
    },
  });
  console.log(`Pronto em ${((performance.now() - started) / 1000).toFixed(1)} s (lote ${result.runTag}).`);
}
await db.close();
