import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailMessages, verification } from "~/db/schema";
import { resetEnvCache } from "~/lib/env.server";
import { readFlash } from "~/lib/flash.server";
import * as adminForgot from "~/routes/admin/forgot-password";
import * as adminReset from "~/routes/admin/reset-password";
import * as repForgot from "~/routes/representante/esqueci-senha";
import * as repReset from "~/routes/representante/redefinir-senha";
import { drainJobs } from "~/server/jobs/queue.server";
import { closeMailTransport } from "~/server/mail/transport.server";
import { useTestDatabase } from "../../../tests/support/db";
import {
  adminCookie,
  context,
  get,
  outcome,
  post,
  representativeCookie,
} from "../../../tests/support/requests";
import { getSessionUser, InvalidCredentialsError, signIn } from "./session.server";

const t = useTestDatabase();
const REP = { email: "rep-reset@test.dev", password: "senha-antiga-1" };
const ADMIN = { email: "admin-reset@test.dev", password: "senha-admin-antiga" };
let repSession: string;

const args = (request: Request, params: Record<string, string> = {}, ip = "10.1.1.1") =>
  ({ request, params, context: context({ clientIp: ip }) }) as never;

type Reply = {
  ok: boolean;
  sent?: boolean;
  invalidToken?: boolean;
  fieldErrors: Record<string, string>;
  formError: string | null;
};

async function flashOf(res: { headers: Headers }) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__flash="));
  if (!cookie) return null;
  const flash = await readFlash(new Request("http://x/", { headers: { cookie: cookie.split(";")[0] } }));
  return flash.toast?.message ?? null;
}

/** The link of the latest reset message to `to` (kept in the log: no SMTP in this test). */
async function resetLinkFor(to: string): Promise<URL> {
  await drainJobs();
  const rows = await t.db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.toAddress, to))
    .orderBy(mailMessages.createdAt);
  const last = rows.filter((r) => r.kind === "auth.redefinir-senha").at(-1);
  if (!last) throw new Error(`no reset mail to ${to}`);
  const href = /https?:\/\/[^\s"<>]+(?:reset-password|redefinir-senha)\?token=[^\s"<>]+/.exec(last.text)?.[0];
  if (!href) throw new Error(`no link in: ${last.text}`);
  return new URL(href.replaceAll("&amp;", "&"));
}

async function canSignIn(email: string, password: string, role: "admin" | "representative") {
  try {
    await signIn(get("/"), { email, password, role });
    return true;
  } catch (err) {
    if (err instanceof InvalidCredentialsError) return false;
    throw err;
  }
}

beforeAll(async () => {
  delete process.env.SMTP_URL;
  process.env.RATE_LIMIT_PASSWORD_RESET = "3";
  resetEnvCache();
  closeMailTransport();
  repSession = (await representativeCookie(REP.email, REP.password, "Rep Reset")).cookie;
  await adminCookie(ADMIN.email, ADMIN.password);
});
beforeEach(async () => {
  await drainJobs(); // the welcome mail of the sign-up above
  await t.db.delete(mailMessages);
});

describe("forgot password", () => {
  it("gives the same answer for an existing and an unknown address; only the account gets a mail", async () => {
    const known = await outcome(() =>
      repForgot.action(args(post("/representante/esqueci-senha", { email: REP.email }), {}, "10.1.1.2")),
    );
    const unknown = await outcome(() =>
      repForgot.action(
        args(post("/representante/esqueci-senha", { email: "ninguem@test.dev" }), {}, "10.1.1.3"),
      ),
    );
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.data).toEqual(unknown.data);
    expect((known.data as Reply).sent).toBe(true);
    await drainJobs();
    const mails = await t.db.select().from(mailMessages);
    expect(mails.map((m) => [m.toAddress, m.kind])).toEqual([[REP.email, "auth.redefinir-senha"]]);
  });

  it("refuses a malformed address with the registration message", async () => {
    const res = await outcome(() =>
      adminForgot.action(args(post("/admin/forgot-password", { email: "nao-e-email" }), {}, "10.1.1.4")),
    );
    expect(res.status).toBe(400);
    expect((res.data as Reply).fieldErrors.email).toBe("Informe um e-mail válido.");
  });

  it("limits requests per e-mail address (any client) and per client address", async () => {
    const ask = (email: string, ip: string) =>
      outcome(() => adminForgot.action(args(post("/admin/forgot-password", { email }), {}, ip)));
    for (let i = 0; i < 3; i++) expect((await ask("alvo@test.dev", `10.2.0.${i}`)).status).toBe(200);
    const over = await ask("alvo@test.dev", "10.2.0.99");
    expect(over.status).toBe(429);
    expect(over.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((over.data as Reply).formError).toBe(
      "Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.",
    );
    for (let i = 0; i < 3; i++) expect((await ask(`varios${i}@test.dev`, "10.3.0.1")).status).toBe(200);
    expect((await ask("outro@test.dev", "10.3.0.1")).status).toBe(429);
  });
});

describe("reset password", () => {
  it("the e-mailed link opens the portal page; the new password works, the old one and the sessions end", async () => {
    await outcome(() =>
      repForgot.action(args(post("/representante/esqueci-senha", { email: REP.email }), {}, "10.4.0.1")),
    );
    const link = await resetLinkFor(REP.email);
    expect(link.pathname).toBe("/representante/redefinir-senha");
    const token = link.searchParams.get("token")!;
    const page = await outcome(() => repReset.loader(args(get(`${link.pathname}${link.search}`))));
    expect(page.data).toEqual({ token });

    const short = await outcome(() =>
      repReset.action(args(post(link.pathname, { token, password: "123", confirmPassword: "123" }))),
    );
    expect((short.data as Reply).fieldErrors.password).toBe("A senha deve ter pelo menos 6 caracteres");
    const differ = await outcome(() =>
      repReset.action(
        args(post(link.pathname, { token, password: "nova-senha-1", confirmPassword: "outra" })),
      ),
    );
    expect((differ.data as Reply).fieldErrors.confirmPassword).toBe("As senhas não coincidem");
    const common = await outcome(() =>
      repReset.action(
        args(post(link.pathname, { token, password: "senha123", confirmPassword: "senha123" })),
      ),
    );
    expect((common.data as Reply).fieldErrors.password).toBe("Escolha uma senha menos comum.");

    expect(await getSessionUser(get("/representante/dashboard", repSession))).not.toBeNull();
    const done = await outcome(() =>
      repReset.action(
        args(post(link.pathname, { token, password: "nova-senha-1", confirmPassword: "nova-senha-1" })),
      ),
    );
    expect(done.location).toBe("/representante/login");
    expect(await flashOf(done)).toBe("Senha redefinida com sucesso! Faça login com a nova senha.");
    expect(await canSignIn(REP.email, "nova-senha-1", "representative")).toBe(true);
    expect(await canSignIn(REP.email, REP.password, "representative")).toBe(false);
    // Every other session of the account ended.
    expect(await getSessionUser(get("/representante/dashboard", repSession))).toBeNull();

    // The link is single-use.
    const again = await outcome(() => repReset.loader(args(get(`${link.pathname}${link.search}`))));
    expect(again.data).toEqual({ token: null });
    const reuse = await outcome(() =>
      repReset.action(
        args(post(link.pathname, { token, password: "terceira-1", confirmPassword: "terceira-1" })),
      ),
    );
    expect(reuse.status).toBe(400);
    expect((reuse.data as Reply).invalidToken).toBe(true);
    expect(await canSignIn(REP.email, "nova-senha-1", "representative")).toBe(true);
  });

  it("the token is stored only hashed: not in verification, job data or the mail log's keys", async () => {
    await outcome(() =>
      repForgot.action(args(post("/representante/esqueci-senha", { email: REP.email }), {}, "10.6.0.1")),
    );
    const link = await resetLinkFor(REP.email);
    const token = link.searchParams.get("token")!;
    expect(token.length).toBeGreaterThanOrEqual(20);
    // What someone who can read the database (or a backup) finds: nothing that opens the page.
    const rows = await t.db.select().from(verification);
    expect(rows.length).toBeGreaterThan(0);
    for (const v of rows) {
      expect(v.identifier).not.toContain(token);
      expect(v.value).not.toContain(token);
    }
    const jobs = (await t.db.execute(
      sql`select data::text as data, output::text as output from pgboss.job
          union all select data::text, output::text from pgboss.archive`,
    )) as unknown as { rows: { data: string | null; output: string | null }[] };
    expect(jobs.rows.length).toBeGreaterThan(0);
    for (const j of jobs.rows) expect(`${j.data} ${j.output}`).not.toContain(token);
    const mails = await t.db.select({ key: mailMessages.dedupeKey }).from(mailMessages);
    for (const m of mails) expect(m.key ?? "").not.toContain(token);
    // And the link still works: the page finds the token by its digest.
    const page = await outcome(() => repReset.loader(args(get(`${link.pathname}${link.search}`))));
    expect(page.data).toEqual({ token });
  });

  it("an admin's link opens the admin page; an expired link is refused", async () => {
    await outcome(() =>
      adminForgot.action(args(post("/admin/forgot-password", { email: ADMIN.email }), {}, "10.5.0.1")),
    );
    const link = await resetLinkFor(ADMIN.email);
    expect(link.pathname).toBe("/admin/reset-password");
    const token = link.searchParams.get("token")!;
    // Every verification row here is a reset token (stored hashed: found by expiry, not by name).
    await t.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) });
    const page = await outcome(() => adminReset.loader(args(get(`${link.pathname}${link.search}`))));
    expect(page.data).toEqual({ token: null });
    const res = await outcome(() =>
      adminReset.action(
        args(post(link.pathname, { token, password: "nova-admin-1", confirmPassword: "nova-admin-1" })),
      ),
    );
    expect((res.data as Reply).invalidToken).toBe(true);
    expect(await canSignIn(ADMIN.email, ADMIN.password, "admin")).toBe(true);
  });

  it("a page without a token, or with a made-up one, shows the invalid-link state", async () => {
    for (const q of ["", "?token=", "?token=inventado", `?token=${"x".repeat(500)}`]) {
      const page = await outcome(() => repReset.loader(args(get(`/representante/redefinir-senha${q}`))));
      expect(page.data, q).toEqual({ token: null });
    }
    const res = await outcome(() =>
      repReset.action(
        args(post("/representante/redefinir-senha", { password: "abcdef", confirmPassword: "abcdef" })),
      ),
    );
    expect((res.data as Reply).invalidToken).toBe(true);
  });
});
