import { resetEnvCache } from "~/lib/env.server";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  adminInvitations,
  auditLog,
  mailMessages,
  plans,
  referrals,
  representatives,
  session,
  user,
} from "~/db/schema";
import { readFlash } from "~/lib/flash.server";
import { getSessionUser, signIn } from "~/modules/auth/session.server";
import { upsertAdmin } from "~/modules/auth/users.server";
import * as adminAccount from "~/routes/admin/account";
import * as adminInvite from "~/routes/admin/invite";
import * as adminLogin from "~/routes/admin/login";
import * as adminUsers from "~/routes/admin/users";
import * as adminReps from "~/routes/admin/representatives";
import * as repAccount from "~/routes/representante/conta";
import * as repLogin from "~/routes/representante/login";
import { useTestDatabase } from "../../../tests/support/db";
import {
  BASE,
  context,
  cookieFrom,
  get,
  outcome,
  post,
  representativeCookie,
} from "../../../tests/support/requests";
import { ACCOUNT_MESSAGES } from "./accounts.schema";
import {
  acceptInvitation,
  hashInviteToken,
  inviteAdmin,
  LastAdminError,
  deactivateUser,
} from "./team.server";
import { describeUserAgent } from "./user-agent.server";

const t = useTestDatabase();
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: context() }) as never;

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

async function flashOf(res: { headers: Headers }) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__flash="));
  if (!cookie) return null;
  return (await readFlash(new Request("http://x/", { headers: { cookie: cookie.split(";")[0] } }))).toast
    ?.message;
}

async function login(email: string, password: string, role: "admin" | "representative", ua = CHROME) {
  const { headers } = await signIn(new Request(`${BASE}/login`, { headers: { "user-agent": ua } }), {
    email,
    password,
    role,
  });
  return cookieFrom(headers);
}

async function userByEmail(email: string) {
  const [u] = await t.db.select().from(user).where(eq(user.email, email));
  return u;
}

describe("admin team: invitations", () => {
  it("invites by e-mail with a hashed, single-use token; the invitee sets a password and signs in", async () => {
    await upsertAdmin({ email: "dona@test.dev", password: "senha-dona-1", name: "Dona" });
    const owner = await login("dona@test.dev", "senha-dona-1", "admin");
    const res = await outcome(() =>
      adminUsers.action(
        args(post("/admin/users", { intent: "invite", name: "Nova Admin", email: "Nova@Test.dev" }, owner)),
      ),
    );
    const [mail] = await t.db.select().from(mailMessages).where(eq(mailMessages.kind, "auth.convite-admin"));
    // No SMTP in tests: nothing says "enviado"; the page links to the message in the mail log.
    expect(res.location).toBe(`/admin/users?aviso=convite&email=${mail.id}`);
    expect(await flashOf(res)).toBeNull();

    const invited = await userByEmail("nova@test.dev");
    expect(invited).toMatchObject({ role: "admin", status: "invited", name: "Nova Admin" });
    expect(mail.toAddress).toBe("nova@test.dev");
    const token = /\/admin\/invite\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const [inv] = await t.db.select().from(adminInvitations).where(eq(adminInvitations.userId, invited.id));
    // Only the hash is stored.
    expect(inv.tokenHash).toBe(createHash("sha256").update(token!).digest("hex"));
    expect(inv.tokenHash).not.toContain(token!);
    expect(inv.expiresAt.getTime() - inv.createdAt.getTime()).toBeGreaterThan(71 * 3600_000);
    expect(inv.expiresAt.getTime() - inv.createdAt.getTime()).toBeLessThanOrEqual(72 * 3600_000 + 60_000);

    // No password yet: sign-in fails.
    await expect(login("nova@test.dev", "qualquer-1", "admin")).rejects.toBeTruthy();

    const page = await outcome(() => adminInvite.loader(args(get(`/admin/invite?token=${token}`))));
    expect(page.data).toMatchObject({ invitation: { email: "nova@test.dev" } });
    const accept = await outcome(() =>
      adminInvite.action(
        args(
          post(`/admin/invite?token=${token}`, {
            name: "Nova Administradora",
            password: "senha-nova-1",
            confirmPassword: "senha-nova-1",
          }),
        ),
      ),
    );
    expect(accept.location).toBe("/admin/login");
    expect(await flashOf(accept)).toBe(ACCOUNT_MESSAGES.inviteAccepted);
    expect(await userByEmail("nova@test.dev")).toMatchObject({
      status: "active",
      name: "Nova Administradora",
    });
    const cookie = await login("nova@test.dev", "senha-nova-1", "admin");
    expect((await getSessionUser(get("/admin", cookie)))?.user.email).toBe("nova@test.dev");

    // Single use: the same link again changes nothing.
    const again = await outcome(() =>
      adminInvite.action(
        args(
          post(`/admin/invite?token=${token}`, {
            name: "Outra",
            password: "x-123456",
            confirmPassword: "x-123456",
          }),
        ),
      ),
    );
    expect(again.status).toBe(410);
    expect(again.data).toMatchObject({ formError: ACCOUNT_MESSAGES.inviteInvalid });
    await expect(login("nova@test.dev", "x-123456", "admin")).rejects.toBeTruthy();
    const used = await outcome(() => adminInvite.loader(args(get(`/admin/invite?token=${token}`))));
    expect(used.data).toMatchObject({ invitation: null });

    // Who did what is recorded.
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, invited.id));
    const dona = await userByEmail("dona@test.dev");
    expect(audit.map((a) => [a.action, a.actorId])).toEqual(
      expect.arrayContaining([
        ["user.invited", dona.id],
        ["user.invitation_accepted", invited.id],
      ]),
    );
  });

  it("refuses an expired link and a link replaced by a resend; refuses an e-mail in use", async () => {
    const actor = { id: "sistema", name: "Teste" };
    const { userId, token } = await inviteAdmin(actor, { name: "Expira", email: "expira@test.dev" });
    await t.db
      .update(adminInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminInvitations.tokenHash, hashInviteToken(token)));
    expect(await acceptInvitation(token, { name: "Expira", password: "senha-123" })).toBe(false);
    expect((await t.db.select().from(user).where(eq(user.id, userId)))[0].status).toBe("invited");

    const owner = await login("dona@test.dev", "senha-dona-1", "admin");
    const resend = await outcome(() =>
      adminUsers.action(args(post("/admin/users", { intent: "resend", id: userId }, owner))),
    );
    expect(resend.location).toMatch(/^\/admin\/users\?aviso=convite-reenviado&email=[0-9a-f-]{36}$/);
    const mails = await t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, "auth.convite-admin"), eq(mailMessages.toAddress, "expira@test.dev")));
    expect(mails).toHaveLength(2);
    const tokens = mails.map((m) => /token=([A-Za-z0-9_-]{43})/.exec(m.text)![1]);
    const fresh = tokens.find((x) => x !== token)!;
    // A second resend makes the first resent link stale too.
    await outcome(() =>
      adminUsers.action(args(post("/admin/users", { intent: "resend", id: userId }, owner))),
    );
    expect(await acceptInvitation(fresh, { name: "Expira", password: "senha-123" })).toBe(false);

    const dup = await outcome(() =>
      adminUsers.action(
        args(post("/admin/users", { intent: "invite", name: "Dona 2", email: "dona@test.dev" }, owner)),
      ),
    );
    expect(dup.status).toBe(409);
    expect(dup.data).toMatchObject({ fieldErrors: { email: ACCOUNT_MESSAGES.emailInUse } });
  });
});

describe("admin team: deactivation", () => {
  it("ends a deactivated admin's sessions at once, refuses sign-in with a clear message, and reactivates", async () => {
    await upsertAdmin({ email: "alvo@test.dev", password: "senha-alvo-1", name: "Alvo" });
    const alvo = await userByEmail("alvo@test.dev");
    const alvoCookie = await login("alvo@test.dev", "senha-alvo-1", "admin");
    const owner = await login("dona@test.dev", "senha-dona-1", "admin");
    const res = await outcome(() =>
      adminUsers.action(args(post("/admin/users", { intent: "deactivate", id: alvo.id }, owner))),
    );
    expect(await flashOf(res)).toBe(ACCOUNT_MESSAGES.adminDeactivated);
    expect(await t.db.select().from(session).where(eq(session.userId, alvo.id))).toHaveLength(0);
    const next = await outcome(() => adminUsers.loader(args(get("/admin/users", alvoCookie))));
    expect(next.location).toBe("/admin/login");

    const refused = await outcome(() =>
      adminLogin.action(args(post("/admin/login", { email: "alvo@test.dev", password: "senha-alvo-1" }))),
    );
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ formError: ACCOUNT_MESSAGES.deactivated });
    expect(await t.db.select().from(session).where(eq(session.userId, alvo.id))).toHaveLength(0);
    // A wrong password still gets the generic answer (the status is told only after the password).
    const wrong = await outcome(() =>
      adminLogin.action(args(post("/admin/login", { email: "alvo@test.dev", password: "errada-123" }))),
    );
    expect(wrong.status).toBe(401);

    const list = await outcome(() => adminUsers.loader(args(get("/admin/users", owner))));
    const rows = (list.data as { rows: { email: string; status: string }[] }).rows;
    expect(rows.find((r) => r.email === "alvo@test.dev")?.status).toBe("deactivated");

    await outcome(() =>
      adminUsers.action(args(post("/admin/users", { intent: "reactivate", id: alvo.id }, owner))),
    );
    await expect(login("alvo@test.dev", "senha-alvo-1", "admin")).resolves.toBeTruthy();
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, alvo.id))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["user.deactivated", "user.reactivated"]));

    // The operator's way in (ADMIN_EMAIL / admin:create) reactivates a deactivated admin.
    await deactivateUser({ id: "sistema", name: "Teste" }, alvo.id, { role: "admin" });
    await upsertAdmin({ email: "alvo@test.dev", password: "senha-alvo-2" });
    expect((await userByEmail("alvo@test.dev")).status).toBe("active");
    await expect(login("alvo@test.dev", "senha-alvo-2", "admin")).resolves.toBeTruthy();
  });

  it("refuses to deactivate the last active admin", async () => {
    // Leave one active admin: deactivate everybody else.
    const admins = await t.db
      .select()
      .from(user)
      .where(and(eq(user.role, "admin"), eq(user.status, "active")));
    const dona = admins.find((a) => a.email === "dona@test.dev")!;
    for (const a of admins.filter((x) => x.id !== dona.id)) {
      await deactivateUser({ id: dona.id, name: "Dona" }, a.id, { role: "admin" });
    }
    const owner = await login("dona@test.dev", "senha-dona-1", "admin");
    // The page offers no "Desativar" on one's own row, and the server refuses it.
    const list = await outcome(() => adminUsers.loader(args(get("/admin/users", owner))));
    expect((list.data as { meId: string }).meId).toBe(dona.id);
    const res = await outcome(() =>
      adminUsers.action(args(post("/admin/users", { intent: "deactivate", id: dona.id }, owner))),
    );
    expect(res.location).toBe("/admin/users");
    expect(await flashOf(res)).toBe(ACCOUNT_MESSAGES.cannotDeactivateSelf);
    expect((await userByEmail("dona@test.dev")).status).toBe("active");
    expect((await getSessionUser(get("/admin", owner)))?.user.email).toBe("dona@test.dev");
    await expect(
      deactivateUser({ id: dona.id, name: "Dona" }, dona.id, { role: "admin" }),
    ).rejects.toBeInstanceOf(LastAdminError);
  });
});

describe("representatives from the admin side", () => {
  it("deactivates (sessions end, sign-in refused, history kept), reactivates, and sends the reset e-mail", async () => {
    const rep = await representativeCookie("parceiro@test.dev", "senha-rep-1", "Parceiro Um");
    const [plan] = await t.db
      .insert(plans)
      .values({ name: "Plano R", priceCents: 100, setupFeeCents: 0 })
      .returning({ id: plans.id });
    await t.db.insert(referrals).values({
      representativeId: rep.representativeId,
      businessName: "Bar do Parceiro",
      contactName: "Contato",
      contactPhone: "11977776666",
      planId: plan.id,
    });
    const owner = await login("dona@test.dev", "senha-dona-1", "admin");
    const res = await outcome(() =>
      adminReps.action(
        args(
          post(
            "/admin/representatives",
            { intent: "deactivateRepresentative", id: rep.representativeId },
            owner,
          ),
        ),
      ),
    );
    expect(await flashOf(res)).toBe(ACCOUNT_MESSAGES.repDeactivated);
    expect(await t.db.select().from(session).where(eq(session.userId, rep.userId))).toHaveLength(0);
    expect(await getSessionUser(get("/representante", rep.cookie))).toBeNull();
    const refused = await outcome(() =>
      repLogin.action(
        args(post("/representante/login", { email: "parceiro@test.dev", password: "senha-rep-1" })),
      ),
    );
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ formError: ACCOUNT_MESSAGES.deactivated });
    // History kept.
    expect(
      await t.db.select().from(representatives).where(eq(representatives.id, rep.representativeId)),
    ).toHaveLength(1);
    expect(
      await t.db.select().from(referrals).where(eq(referrals.representativeId, rep.representativeId)),
    ).toHaveLength(1);
    // No reset e-mail for a deactivated representative.
    const blocked = await outcome(() =>
      adminReps.action(
        args(
          post("/admin/representatives", { intent: "sendPasswordReset", id: rep.representativeId }, owner),
        ),
      ),
    );
    expect(await flashOf(blocked)).toBe(ACCOUNT_MESSAGES.resetNeedsActive);

    await outcome(() =>
      adminReps.action(
        args(
          post(
            "/admin/representatives",
            { intent: "reactivateRepresentative", id: rep.representativeId },
            owner,
          ),
        ),
      ),
    );
    await expect(login("parceiro@test.dev", "senha-rep-1", "representative")).resolves.toBeTruthy();

    await t.db.delete(mailMessages);
    const sent = await outcome(() =>
      adminReps.action(
        args(
          post("/admin/representatives", { intent: "sendPasswordReset", id: rep.representativeId }, owner),
        ),
      ),
    );
    const { drainJobs } = await import("~/server/jobs/queue.server");
    await drainJobs();
    const [mail] = await t.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.kind, "auth.redefinir-senha"));
    expect(mail.toAddress).toBe("parceiro@test.dev");
    // Without SMTP the list says so and links to that very message.
    expect(sent.location).toMatch(new RegExp(`[?&]aviso=redefinicao&email=${mail.id}$`));
    expect(await flashOf(sent)).toBeNull();
    // With SMTP configured the toast says the e-mail is in the queue.
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    resetEnvCache();
    try {
      const queued = await outcome(() =>
        adminReps.action(
          args(
            post("/admin/representatives", { intent: "sendPasswordReset", id: rep.representativeId }, owner),
          ),
        ),
      );
      expect(await flashOf(queued)).toBe("Redefinição de senha criada — o e-mail está na fila");
      const invite = await outcome(() =>
        adminUsers.action(
          args(
            post("/admin/users", { intent: "invite", name: "Com Smtp", email: "com-smtp@test.dev" }, owner),
          ),
        ),
      );
      expect(invite.location).toBe("/admin/users");
      expect(await flashOf(invite)).toBe("Convite criado — o e-mail está na fila");
    } finally {
      delete process.env.SMTP_URL;
      resetEnvCache();
    }
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, rep.userId))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(["user.deactivated", "user.reactivated", "user.password_reset_sent"]),
    );
  });
});

describe("my account", () => {
  it("changes the name (admin) and records it", async () => {
    const owner = await login("dona@test.dev", "senha-dona-1", "admin");
    const bad = await outcome(() =>
      adminAccount.action(args(post("/admin/account", { intent: "name", name: "A" }, owner))),
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ fieldErrors: { name: "O nome deve ter pelo menos 3 caracteres." } });
    const res = await outcome(() =>
      adminAccount.action(args(post("/admin/account", { intent: "name", name: "  Dona Maria " }, owner))),
    );
    expect(await flashOf(res)).toBe(ACCOUNT_MESSAGES.nameSaved);
    expect((await userByEmail("dona@test.dev")).name).toBe("Dona Maria");
  });

  it("lists sessions with their browsers; 'sair dos outros' ends the others only", async () => {
    await representativeCookie("sessoes@test.dev", "senha-ses-1", "Sessões");
    const a = await login("sessoes@test.dev", "senha-ses-1", "representative", CHROME);
    const b = await login("sessoes@test.dev", "senha-ses-1", "representative", FIREFOX);
    const page = await outcome(() => repAccount.loader(args(get("/representante/conta", a))));
    const sessions = (page.data as { sessions: { device: string; current: boolean }[] }).sessions;
    const devices = sessions.map((s) => s.device);
    expect(devices).toEqual(
      expect.arrayContaining(["Chrome 131 · Linux (computador)", "Firefox 133 · Windows (computador)"]),
    );
    expect(sessions[0]).toMatchObject({ current: true, device: "Chrome 131 · Linux (computador)" });
    const res = await outcome(() =>
      repAccount.action(args(post("/representante/conta", { intent: "endOthers" }, a))),
    );
    expect(await flashOf(res)).toBe(ACCOUNT_MESSAGES.otherSessionsEnded);
    expect(await getSessionUser(get("/representante", b))).toBeNull();
    expect((await getSessionUser(get("/representante", a)))?.user.email).toBe("sessoes@test.dev");
  });

  it("changes the password only with the current one, and ends the other sessions", async () => {
    await representativeCookie("troca@test.dev", "senha-velha-1", "Troca Senha");
    const a = await login("troca@test.dev", "senha-velha-1", "representative", CHROME);
    const b = await login("troca@test.dev", "senha-velha-1", "representative", FIREFOX);
    const wrong = await outcome(() =>
      repAccount.action(
        args(
          post(
            "/representante/conta",
            {
              intent: "password",
              currentPassword: "errada-1",
              password: "senha-nova-1",
              confirmPassword: "senha-nova-1",
            },
            a,
          ),
        ),
      ),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      fieldErrors: { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong },
    });
    const short = await outcome(() =>
      repAccount.action(
        args(
          post(
            "/representante/conta",
            { intent: "password", currentPassword: "senha-velha-1", password: "123", confirmPassword: "123" },
            a,
          ),
        ),
      ),
    );
    expect(short.data).toMatchObject({
      fieldErrors: { password: "A senha deve ter pelo menos 6 caracteres" },
    });
    const common = await outcome(() =>
      repAccount.action(
        args(
          post(
            "/representante/conta",
            {
              intent: "password",
              currentPassword: "senha-velha-1",
              password: "qwerty",
              confirmPassword: "qwerty",
            },
            a,
          ),
        ),
      ),
    );
    expect(common.data).toMatchObject({ fieldErrors: { password: "Escolha uma senha menos comum." } });
    expect((await getSessionUser(get("/representante", b)))?.user.email).toBe("troca@test.dev");

    const res = await outcome(() =>
      repAccount.action(
        args(
          post(
            "/representante/conta",
            {
              intent: "password",
              currentPassword: "senha-velha-1",
              password: "senha-nova-1",
              confirmPassword: "senha-nova-1",
            },
            a,
          ),
        ),
      ),
    );
    expect(res.location).toBe("/representante/conta");
    expect(await flashOf(res)).toBe(ACCOUNT_MESSAGES.passwordChanged);
    expect(await getSessionUser(get("/representante", b))).toBeNull();
    // This browser goes on with the new session cookie.
    const renewed = cookieFrom(res.headers);
    expect((await getSessionUser(get("/representante", renewed)))?.user.email).toBe("troca@test.dev");
    await expect(login("troca@test.dev", "senha-velha-1", "representative")).rejects.toBeTruthy();
    await expect(login("troca@test.dev", "senha-nova-1", "representative")).resolves.toBeTruthy();
  });
});

describe("describeUserAgent", () => {
  it.each([
    [CHROME, "Chrome 131 · Linux (computador)"],
    [FIREFOX, "Firefox 133 · Windows (computador)"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      "Safari 17 · iOS (celular)",
    ],
    ["", "Dispositivo desconhecido"],
    [null, "Dispositivo desconhecido"],
    ["curl/8.0", "Navegador desconhecido"],
  ])("%s → %s", (ua, expected) => {
    expect(describeUserAgent(ua)).toBe(expected);
  });
});
