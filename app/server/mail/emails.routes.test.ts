import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  StaticRouterProvider,
  useLoaderData,
} from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingSettings, mailMessages } from "~/db/schema";
import { readFlash } from "~/lib/flash.server";
import * as detail from "~/routes/admin/emails/detail";
import * as list from "~/routes/admin/emails/list";
import * as billingSettingsRoute from "~/routes/admin/settings/billing";
import { drainJobs } from "~/server/jobs/queue.server";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get, outcome, post } from "../../../tests/support/requests";
import { useSmtp } from "../../../tests/support/mail-env";
import { startSmtpServer } from "../../../tests/support/smtp";
import { queueMail } from "./mail.server";

const t = useTestDatabase();
let admin: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: context() }) as never;

async function flashOf(res: { headers: Headers }) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__flash="));
  if (!cookie) return null;
  const flash = await readFlash(new Request("http://x/", { headers: { cookie: cookie.split(";")[0] } }));
  return flash.toast?.message ?? null;
}

const mail = (to: string, subject: string) => ({
  kind: "lead.novo",
  to,
  subject,
  html: `<p>Olá <b>${subject}</b></p><script>parent.alert(1)</script>`,
  text: `Olá ${subject}`,
});

type ListData = Awaited<ReturnType<typeof list.loader>>;
type DetailData = Awaited<ReturnType<typeof detail.loader>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  admin = await adminCookie();
});
afterAll(async () => {
  useSmtp(undefined);
  await smtp.close();
});

describe("/admin/emails", () => {
  let failedId: string;
  let sentId: string;

  it("lists the log newest first, filters by status and pages with a cursor", async () => {
    useSmtp(smtp.url);
    smtp.refuse(550);
    failedId = (await queueMail(t.db, mail("recusado@x.dev", "Falhou 1")))!;
    await drainJobs();
    smtp.refuse(null);
    sentId = (await queueMail(t.db, mail("ok@x.dev", "Enviado 1")))!;
    await drainJobs();
    useSmtp(undefined);
    for (let i = 0; i < 30; i++) await queueMail(t.db, mail(`s${i}@x.dev`, `Sem SMTP ${i}`));
    await drainJobs();

    const all = (await outcome(() => list.loader(args(get("/admin/emails", admin))))).data as ListData;
    expect(all.rows).toHaveLength(25);
    expect(all.rows[0].subject).toBe("Sem SMTP 29");
    expect(all.next).toBe(all.rows[24].id);
    const page2 = (await outcome(() => list.loader(args(get(`/admin/emails?before=${all.next}`, admin)))))
      .data as ListData;
    expect(page2.rows.map((r) => r.subject)).toEqual([
      "Sem SMTP 4",
      "Sem SMTP 3",
      "Sem SMTP 2",
      "Sem SMTP 1",
      "Sem SMTP 0",
      "Enviado 1",
      "Falhou 1",
    ]);
    expect(page2.next).toBeNull();

    const failed = (await outcome(() => list.loader(args(get("/admin/emails?status=falhou", admin)))))
      .data as ListData;
    expect(failed.rows).toMatchObject([
      { id: failedId, toAddress: "recusado@x.dev", status: "falhou", attempts: 1 },
    ]);
    expect(failed.rows[0].lastError).toContain("550");
    expect(failed.status).toBe("falhou");
    // The list never carries the bodies.
    expect(JSON.stringify(failed)).not.toContain("<script>");
  });

  it("ignores a bad status or cursor instead of failing", async () => {
    const res = await outcome(() =>
      list.loader(args(get("/admin/emails?status=x'--&before=nao-e-id", admin))),
    );
    expect(res.status).toBe(200);
    const data = res.data as ListData;
    expect(data.status).toBeNull();
    expect(data.rows).toHaveLength(25);
  });

  it("shows one message with both parts", async () => {
    const res = await outcome(() =>
      detail.loader(args(get(`/admin/emails/${failedId}`, admin), { id: failedId })),
    );
    const data = res.data as DetailData;
    expect(data.mail).toMatchObject({ subject: "Falhou 1", status: "falhou", text: "Olá Falhou 1" });
    expect(data.mail.html).toContain("<b>Falhou 1</b>");
  });

  it("sends an unknown or malformed id back to the list with a toast", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nao-e-id'--"]) {
      const res = await outcome(() => detail.loader(args(get(`/admin/emails/${id}`, admin), { id })));
      expect(res.location).toBe("/admin/emails");
      expect(await flashOf(res)).toBe("E-mail não encontrado");
    }
  });

  it("re-sends a failed message: it is delivered and the log says so", async () => {
    useSmtp(smtp.url);
    smtp.received.length = 0;
    const res = await outcome(() =>
      detail.action(args(post(`/admin/emails/${failedId}`, { intent: "resend" }, admin), { id: failedId })),
    );
    expect(res.location).toBe(`/admin/emails/${failedId}`);
    expect(await flashOf(res)).toBe("E-mail reenviado para a fila de envio");
    const [pending] = await t.db.select().from(mailMessages).where(eq(mailMessages.id, failedId));
    expect(pending.status).toBe("pendente");
    await drainJobs();
    expect(smtp.received.map((m) => m.to)).toEqual([["recusado@x.dev"]]);
    const [row] = await t.db.select().from(mailMessages).where(eq(mailMessages.id, failedId));
    expect(row).toMatchObject({ status: "enviado", attempts: 2, lastError: null });
  });

  it("re-sends a message kept without SMTP once SMTP is configured", async () => {
    const [kept] = await t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, "s0@x.dev"));
    expect(kept.status).toBe("sem_smtp");
    const res = await outcome(() =>
      detail.action(args(post(`/admin/emails/${kept.id}`, { intent: "resend" }, admin), { id: kept.id })),
    );
    expect(res.status).toBe(302);
    await drainJobs();
    const [row] = await t.db.select().from(mailMessages).where(eq(mailMessages.id, kept.id));
    expect(row.status).toBe("enviado");
  });

  it("refuses to re-send a sent message or an unknown intent, changing nothing", async () => {
    const before = await t.db.select().from(mailMessages).where(eq(mailMessages.id, sentId));
    const forms: Record<string, string>[] = [{ intent: "resend" }, { intent: "delete" }, {}];
    for (const form of forms) {
      const res = await outcome(() =>
        detail.action(args(post(`/admin/emails/${sentId}`, form, admin), { id: sentId })),
      );
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((res.data as { toast: { message: string } }).toast.message).toBe(
        "Este e-mail não pode ser reenviado",
      );
    }
    expect(await t.db.select().from(mailMessages).where(eq(mailMessages.id, sentId))).toEqual(before);
  });
});

describe("the preview of a charge e-mail while charges carry the demo PIX key", () => {
  const WARNING = "Chave PIX de demonstração: o PIX deste e-mail usa uma chave que não é da empresa.";

  /** The detail page as the server renders it for the admin. */
  async function preview(id: string) {
    const handler = createStaticHandler([
      {
        id: "root",
        path: "/",
        loader: () => ({ requestId: "t" }),
        Component: Outlet,
        children: [
          {
            path: "admin/emails/:id",
            loader: ({ request, params }) => detail.loader(args(request, params as Record<string, string>)),
            Component: () => createElement(detail.default, { loaderData: useLoaderData() } as never),
          },
        ],
      },
    ]);
    const ctx = await handler.query(get(`/admin/emails/${id}`, admin));
    if (ctx instanceof Response) throw new Error(`redirected to ${ctx.headers.get("location")}`);
    const router = createStaticRouter(handler.dataRoutes, ctx);
    const html = renderToString(
      createElement(StaticRouterProvider, { router, context: ctx, hydrate: false }),
    );
    return { html, text: html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ") };
  }

  it("warns on each e-mail that carries a PIX, with the way to change the key, until an admin saves the company's", async () => {
    useSmtp(undefined);
    await t.db
      .insert(billingSettings)
      .values({
        id: 1,
        pixKey: "123e4567-e12b-12d1-a456-426655440000",
        pixName: "Demo",
        pixCity: "Sao Paulo",
        pixKeyIsDemo: true,
      })
      .onConflictDoUpdate({ target: billingSettings.id, set: { pixKeyIsDemo: true } });
    const queue = async (kind: string) =>
      (await queueMail(t.db, { kind, to: "cliente@x.dev", subject: kind, html: "<p>PIX</p>", text: "PIX" }))!;
    const withPix = [
      await queue("cobranca.nova"),
      await queue("cobranca.lembrete"),
      await queue("assinatura.suspensa"),
    ];
    const withoutPix = [await queue("cobranca.recibo"), await queue("lead.novo")];

    for (const id of withPix) {
      const page = await preview(id);
      expect(page.text).toContain(WARNING);
      expect(page.html).toMatch(
        /<a[^>]*href="\/admin\/settings\/billing"[^>]*>Trocar em Configurações → Financeiro<\/a>/,
      );
    }
    for (const id of withoutPix) expect((await preview(id)).text).not.toContain("Chave PIX de demonstração");

    // An admin saves the company's key in Configurações → Financeiro: the warning is gone.
    const current = (
      await outcome(() => billingSettingsRoute.loader(args(get("/admin/settings/billing", admin))))
    ).data as Record<string, string>;
    const fields = ["pixKey", "pixName", "pixCity", "renewalDaysBefore", "reminderOffsets", "suspensionDays"];
    const form = Object.fromEntries(fields.map((k) => [k, current[k]]));
    const saved = await outcome(() =>
      billingSettingsRoute.action(
        args(post("/admin/settings/billing", { ...form, pixKey: "financeiro@empresa.dev" }, admin)),
      ),
    );
    expect(saved.status).toBeLessThan(400);
    for (const id of withPix) expect((await preview(id)).text).not.toContain("Chave PIX de demonstração");
  });
});
