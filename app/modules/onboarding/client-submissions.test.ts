// The restaurant sends what its menu needs at /cliente (decision 041). Files are
// checked by their bytes and sizes, stored in the database, served only to their client and to
// admins; each submission ticks its checklist step, is audited and reaches the team's e-mail
// over real SMTP. Every refusal has a pt-BR message and leaves nothing stored.
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  clients,
  mailMessages,
  onboardingAnswers,
  onboardingFiles,
  onboardingItems,
  onboardings,
} from "~/db/schema";
import { resetEnvCache } from "~/lib/env.server";
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from "~/lib/uploads";
import { PIX_KEY_MESSAGES } from "~/modules/billing/pix-key";
import { anonymiseSubject } from "~/modules/privacy/data-subject-erase.server";
import { subjectQueryFrom } from "~/modules/privacy/data-subject-find.server";
import * as adminDownload from "~/routes/admin/onboarding-arquivo";
import * as adminBoard from "~/routes/admin/onboarding";
import * as cliente from "~/routes/cliente/index";
import * as download from "~/routes/cliente/implantacao-arquivo";
import * as implantacao from "~/routes/cliente/implantacao";
import { drainJobs } from "~/server/jobs/queue.server";
import { clientCookie, makeClient } from "../../../tests/support/client-area";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, BASE, context, get, outcome, post } from "../../../tests/support/requests";
import { startSmtpServer } from "../../../tests/support/smtp";
import { CLIENT_FILES_MAX_BYTES, SUBMISSION_MESSAGES as M } from "./client-steps.constants";
import { saveClientFile } from "./client-submissions.server";
import { openOnboardingByHand } from "./onboarding.server";
import { useSmtp } from "../../../tests/support/mail-env";

const t = useTestDatabase();
const A = "envio-a@test.dev";
const B = "envio-b@test.dev";
const ADMIN = "admin@test.dev";
const ids = { a: "", b: "", c: "" };
let cookieA = "";
let cookieB = "";
let admin = "";
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

const PDF = Buffer.concat([
  Buffer.from("%PDF-1.7\n"),
  Buffer.from("1 0 obj << /Type /Catalog >> endobj\n%%EOF\n"),
]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 1)]);
const MZ = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(126, 0x90)]);

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: context() }) as never;

/** A multipart post as a browser sends it (with or without JavaScript). */
function upload(
  intent: string,
  file: { bytes: Uint8Array<ArrayBuffer>; name: string; type?: string } | null,
  cookie: string,
) {
  const form = new FormData();
  form.set("intent", intent);
  if (file) form.set("arquivo", new Blob([file.bytes], { type: file.type ?? "application/pdf" }), file.name);
  return new Request(`${BASE}/cliente/implantacao`, {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: form,
  });
}
const send = (request: Request) => outcome(() => implantacao.action(args(request)));
const answer = (intent: string, value: string, cookie: string) =>
  outcome(() => implantacao.action(args(post("/cliente/implantacao", { intent, value }, cookie))));
const filesOf = (clientId: string) =>
  t.db.select().from(onboardingFiles).where(eq(onboardingFiles.clientId, clientId));
const step = async (clientId: string, clientStep: "cardapio" | "logo" | "horarios" | "pix") => {
  const [row] = await t.db
    .select({
      doneAt: onboardingItems.doneAt,
      label: onboardingItems.label,
      doneByName: onboardingItems.doneByName,
    })
    .from(onboardingItems)
    .innerJoin(onboardings, eq(onboardings.id, onboardingItems.onboardingId))
    .where(and(eq(onboardings.clientId, clientId), eq(onboardingItems.clientStep, clientStep)));
  return row;
};
const teamMails = () =>
  t.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.kind, "implantacao.envio-cliente"), eq(mailMessages.toAddress, ADMIN)));
const messageOf = (data: unknown) => (data as { formError?: string }).formError;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Sign-in links are read from the mail log, which keeps them only while no SMTP delivers them.
  useSmtp(undefined);
  admin = await adminCookie(ADMIN);
  ids.a = await makeClient(A, "Ana Envio", "Cantina da Ana");
  ids.b = await makeClient(B, "Beto Envio", "Bar do Beto");
  // Their own phones: anonymising B follows B's phone, which must not be A's.
  await t.db.update(clients).set({ phone: "11988887777" }).where(eq(clients.id, ids.b));
  ids.c = await makeClient("envio-c@test.dev", "Caio Envio", "Lanches do Caio");
  for (const id of [ids.a, ids.b, ids.c]) {
    const opened = await openOnboardingByHand({ clientId: id, actor: { id: "adm", name: "Admin" } });
    expect(opened.ok).toBe(true);
  }
  process.env.RATE_LIMIT_CLIENT_LINK = "1000";
  resetEnvCache();
  cookieA = await clientCookie(A);
  cookieB = await clientCookie(B);
  useSmtp(smtp.url);
});
afterAll(async () => {
  delete process.env.RATE_LIMIT_CLIENT_LINK;
  useSmtp(undefined);
  await smtp.close();
});

describe("refused uploads store nothing and say why in pt-BR", () => {
  beforeEach(async () => {
    expect(await filesOf(ids.a)).toHaveLength(0);
  });

  async function expectRefused(request: Request, message: string, status = 400) {
    const mailsBefore = (await teamMails()).length;
    const o = await send(request);
    expect(o.status).toBe(status);
    expect(messageOf(o.data)).toBe(message);
    expect(await filesOf(ids.a)).toHaveLength(0);
    expect((await step(ids.a, "cardapio")).doneAt).toBeNull();
    expect(await teamMails()).toHaveLength(mailsBefore);
  }

  it("a file of 10 MB + 1 byte", async () => {
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x20);
    PDF.copy(big);
    await expectRefused(
      upload("cardapio", { bytes: big, name: "cardapio.pdf" }, cookieA),
      UPLOAD_TOO_LARGE_MESSAGE,
    );
  });

  it("a body past the limit is cut while it streams, with the same message (413)", async () => {
    const huge = Buffer.alloc(UPLOAD_MAX_BYTES + 200 * 1024, 0x20);
    PDF.copy(huge);
    await expectRefused(
      upload("cardapio", { bytes: huge, name: "cardapio.pdf" }, cookieA),
      UPLOAD_TOO_LARGE_MESSAGE,
      413,
    );
  });

  it("a .pdf that is an executable (ELF or MZ)", async () => {
    await expectRefused(upload("cardapio", { bytes: ELF, name: "cardapio.pdf" }, cookieA), M.fileType);
    await expectRefused(upload("cardapio", { bytes: MZ, name: "cardapio.pdf" }, cookieA), M.fileType);
  });

  it("a PNG renamed .pdf", async () => {
    await expectRefused(
      upload("cardapio", { bytes: PNG, name: "cardapio.pdf", type: "application/pdf" }, cookieA),
      "O arquivo tem a extensão .pdf, mas o conteúdo é uma imagem PNG. Envie o arquivo original, sem renomear.",
    );
  });

  it("a PDF as the logo, an empty file, no file", async () => {
    await expectRefused(upload("logo", { bytes: PDF, name: "logo.pdf" }, cookieA), M.logoType);
    await expectRefused(
      upload("cardapio", { bytes: new Uint8Array(0), name: "vazio.pdf" }, cookieA),
      M.fileEmpty,
    );
    await expectRefused(upload("cardapio", null, cookieA), M.fileRequired);
  });

  it("an anonymous upload is sent to sign in", async () => {
    const o = await send(upload("cardapio", { bytes: PDF, name: "cardapio.pdf" }, ""));
    expect(o.location).toBe("/cliente/entrar");
    expect(await filesOf(ids.a)).toHaveLength(0);
    expect(await filesOf(ids.b)).toHaveLength(0);
  });
});

describe("a good PDF", () => {
  let fileId = "";

  it("is stored, ticks 'Cardápio recebido', is audited and reaches the team over SMTP", async () => {
    smtp.received.length = 0;
    const o = await send(upload("cardapio", { bytes: PDF, name: "Cardápio 2026.pdf" }, cookieA));
    expect(o.status).toBe(302);
    expect(o.location).toBe("/cliente/implantacao?enviado=cardapio#envio-cardapio");
    const [file] = await filesOf(ids.a);
    fileId = file.id;
    expect(file).toMatchObject({
      step: "cardapio",
      name: "Cardápio 2026.pdf",
      mime: "application/pdf",
      sizeBytes: PDF.byteLength,
      sha256: createHash("sha256").update(PDF).digest("hex"),
    });
    expect(Buffer.compare(file.content, PDF)).toBe(0);
    expect(await step(ids.a, "cardapio")).toMatchObject({
      label: "Cardápio recebido",
      doneByName: "Ana Envio (cliente)",
    });
    expect((await step(ids.a, "cardapio")).doneAt).not.toBeNull();
    const [onboarding] = await t.db.select().from(onboardings).where(eq(onboardings.clientId, ids.a));
    expect(onboarding.status).toBe("em_andamento");
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "onboarding.client_file_sent"));
    expect(audit.changes).toMatchObject({
      arquivo: [null, "Cardápio 2026.pdf"],
      item: [null, "Cardápio recebido"],
    });

    await drainJobs();
    const mail = smtp.received.find((m) => m.to.includes(ADMIN));
    expect(mail?.subject).toBe("Implantação: Cantina da Ana enviou cardápio");
    expect(mail?.text).toContain("Cardápio 2026.pdf");
    expect(mail?.text).toContain("Cardápio recebido: marcado");
  });

  it("is downloaded back byte for byte by an admin, as an attachment, with nosniff", async () => {
    const o = await adminDownload.loader(
      args(get(`/admin/onboarding/arquivos/${fileId}`, admin), { id: fileId }),
    );
    expect(o.status).toBe(200);
    expect(o.headers.get("content-type")).toBe("application/pdf");
    expect(o.headers.get("x-content-type-options")).toBe("nosniff");
    expect(o.headers.get("content-disposition")).toBe(
      `attachment; filename="Cardapio 2026.pdf"; filename*=UTF-8''Card%C3%A1pio%202026.pdf`,
    );
    expect(Buffer.compare(Buffer.from(await o.arrayBuffer()), PDF)).toBe(0);
  });

  it("is served to its client, and to nobody else", async () => {
    const own = await download.loader(
      args(get(`/cliente/implantacao/arquivos/${fileId}`, cookieA), { id: fileId }),
    );
    expect(own.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await own.arrayBuffer()), PDF)).toBe(0);
    const other = await download.loader(
      args(get(`/cliente/implantacao/arquivos/${fileId}`, cookieB), { id: fileId }),
    );
    expect(other.status).toBe(404);
    expect(await other.text()).toBe("Arquivo não encontrado.");
    const anon = await outcome(() =>
      download.loader(args(get(`/cliente/implantacao/arquivos/${fileId}`), { id: fileId })),
    );
    expect(anon.location).toBe("/cliente/entrar");
    const clientAtAdmin = await outcome(() =>
      adminDownload.loader(args(get(`/admin/onboarding/arquivos/${fileId}`, cookieA), { id: fileId })),
    );
    expect(clientAtAdmin.location).toBe("/admin/login");
  });

  it("shows on the admin's onboarding card and in the client's section", async () => {
    const board = await outcome(() => adminBoard.loader(args(get("/admin/onboarding", admin))));
    const json = JSON.stringify(board.data);
    expect(json).toContain("Cardápio 2026.pdf");
    expect(json).toContain(fileId);
    const page = await outcome(() => cliente.loader(args(get("/cliente", cookieA))));
    expect(JSON.stringify(page.data)).toContain("Cardápio 2026.pdf");
    const pageB = await outcome(() => cliente.loader(args(get("/cliente", cookieB))));
    expect(JSON.stringify(pageB.data)).not.toContain("Cardápio 2026.pdf");
  });
});

describe("typed answers", () => {
  it("hours tick their step; a bad PIX key is refused with its message and nothing stored", async () => {
    const hours = await answer("horarios", "  Terça a domingo, 18h às 23h  ", cookieB);
    expect(hours.status).toBe(302);
    const [row] = await t.db.select().from(onboardingAnswers).where(eq(onboardingAnswers.clientId, ids.b));
    expect(row).toMatchObject({ kind: "horarios", value: "Terça a domingo, 18h às 23h" });
    expect((await step(ids.b, "horarios")).doneAt).not.toBeNull();

    const bad = await answer("pix", "123.456.789-00", cookieB);
    expect(bad.status).toBe(400);
    expect(messageOf(bad.data)).toBe(PIX_KEY_MESSAGES.cpf);
    expect((await step(ids.b, "pix")).doneAt).toBeNull();
    const empty = await answer("horarios", "   ", cookieB);
    expect(messageOf(empty.data)).toBe(M.hoursRequired);

    const good = await answer("pix", "Pix@CantinaDoBeto.com.br", cookieB);
    expect(good.status).toBe(302);
    const pix = await t.db
      .select()
      .from(onboardingAnswers)
      .where(and(eq(onboardingAnswers.clientId, ids.b), eq(onboardingAnswers.kind, "pix")));
    expect(pix[0].value).toBe("pix@cantinadobeto.com.br");
  });
});

describe("the 50 MB per client", () => {
  it(
    "is enforced with the client row locked: two uploads at once cannot pass it together",
    { timeout: 120_000 },
    async () => {
      const actor = { id: "x", name: "Caio Envio (cliente)" };
      const chunk = (n: number) => {
        const b = Buffer.alloc(n, 0x20);
        PDF.copy(b);
        return b;
      };
      // 45 MB already stored (made by the database: sending 45 MB through a test is not the point),
      // then two of 4 MB at once: 53 MB would pass the limit, so one is refused.
      for (const mb of [10, 10, 10, 10, 5])
        await t.db.execute(sql`
        insert into onboarding_files (client_id, step, name, mime, size_bytes, sha256, content)
        select ${ids.c}, 'cardapio', ${`p${mb}.pdf`}, 'application/pdf', octet_length(c), 'x', c
        from (select convert_to('%PDF-' || repeat(' ', ${mb * 1024 * 1024 - 5}), 'UTF8') as c) s`);
      const both = await Promise.all([
        saveClientFile({
          clientId: ids.c,
          step: "cardapio",
          name: "x.pdf",
          bytes: chunk(4 * 1024 * 1024),
          actor,
        }),
        saveClientFile({
          clientId: ids.c,
          step: "cardapio",
          name: "y.pdf",
          bytes: chunk(4 * 1024 * 1024),
          actor,
        }),
      ]);
      expect(both.filter((r) => r.ok)).toHaveLength(1);
      expect(both.find((r) => !r.ok)?.message).toBe(M.quotaFull("49"));
      const total = (await filesOf(ids.c)).reduce((n, f) => n + f.sizeBytes, 0);
      expect(total).toBeLessThanOrEqual(CLIENT_FILES_MAX_BYTES);
      expect(total).toBe(49 * 1024 * 1024);
    },
  );
});

describe("anonymising the client", () => {
  it("deletes its files and answers", async () => {
    const logo = await saveClientFile({
      clientId: ids.b,
      step: "logo",
      name: "logo.png",
      bytes: PNG,
      actor: { id: "x", name: "Beto Envio (cliente)" },
    });
    expect(logo.ok).toBe(true);
    await anonymiseSubject({ query: subjectQueryFrom(B)!, actor: { id: "adm", name: "Admin" } });
    expect(await filesOf(ids.b)).toHaveLength(0);
    expect(
      await t.db.select().from(onboardingAnswers).where(eq(onboardingAnswers.clientId, ids.b)),
    ).toHaveLength(0);
    // A's are untouched, and B is still a client row (anonymised, not deleted).
    expect(await filesOf(ids.a)).toHaveLength(1);
    expect(await t.db.select().from(clients).where(eq(clients.id, ids.b))).toHaveLength(1);
  });
});

describe("migration 0034", () => {
  it("gives onboardings still open the client's steps, and leaves published ones as they were", async () => {
    const { readFileSync } = await import("node:fs");
    const actor = { id: "adm", name: "Admin" };
    const [open, published] = [
      await makeClient("mig-a@test.dev", "Migra Aberta", "Bar Aberto"),
      await makeClient("mig-b@test.dev", "Migra Publicada", "Bar Publicado"),
    ];
    const ids: string[] = [];
    for (const clientId of [open, published]) {
      const o = await openOnboardingByHand({ clientId, actor });
      if (!o.ok) throw new Error(o.message);
      ids.push(o.value.id);
      // As before the migration: the template's five items, none a client's step.
      await t.db
        .delete(onboardingItems)
        .where(and(eq(onboardingItems.onboardingId, o.value.id), sql`position > 5`));
      await t.db
        .update(onboardingItems)
        .set({ clientStep: null })
        .where(eq(onboardingItems.onboardingId, o.value.id));
    }
    await t.db
      .update(onboardings)
      .set({ status: "publicado", publishedAt: new Date(), publishedOn: "2026-12-07", businessDaysTaken: 1 })
      .where(eq(onboardings.id, ids[1]));
    const migration = readFileSync("drizzle/0034_onboarding_files.sql", "utf8").split(
      "--> statement-breakpoint",
    );
    // The last two statements are the backfill.
    for (const statement of migration.slice(-2)) await t.db.execute(sql.raw(statement));
    const itemsOf = (id: string) =>
      t.db
        .select({
          label: onboardingItems.label,
          step: onboardingItems.clientStep,
          position: onboardingItems.position,
        })
        .from(onboardingItems)
        .where(eq(onboardingItems.onboardingId, id))
        .orderBy(onboardingItems.position);
    expect((await itemsOf(ids[0])).map((i) => [i.position, i.label, i.step])).toEqual([
      [1, "Cardápio recebido", "cardapio"],
      [2, "Cardápio montado", null],
      [3, "Pagamentos configurados", null],
      [4, "Link e app publicados", null],
      [5, "Treinamento feito", null],
      [7, "Logo recebido", "logo"],
      [8, "Horários de funcionamento recebidos", "horarios"],
      [9, "Áreas e taxas de entrega recebidas", "entrega"],
      [10, "Chave PIX do restaurante recebida", "pix"],
    ]);
    expect((await itemsOf(ids[1])).every((i) => i.step === null)).toBe(true);
    expect(await itemsOf(ids[1])).toHaveLength(5);
  });
});
