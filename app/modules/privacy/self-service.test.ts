import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  accountDeletionRequests,
  auditLog,
  mailMessages,
  payoutItems,
  payouts,
  referrals,
  user,
} from "~/db/schema";
import * as adminPrivacy from "~/routes/admin/privacy";
import * as conta from "~/routes/representante/conta";
import * as meusDados from "~/routes/representante/meus-dados";
import { drainJobs } from "~/server/jobs/queue.server";
import { useTestDatabase } from "../../../tests/support/db";
import {
  adminCookie,
  context,
  get,
  outcome,
  post,
  representativeCookie,
} from "../../../tests/support/requests";
import { SELF_SERVICE_MESSAGES } from "./privacy.schema";
import { latestDeletionRequest } from "./self-service.server";

// /representante/conta (LGPD): a representative downloads their own data and asks for
// their account's deletion; the admins are told and complete it on /admin/privacy.

const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;

let admin = "";
let ana: { cookie: string; representativeId: string; userId: string };
let beto: { cookie: string; representativeId: string; userId: string };

beforeAll(async () => {
  admin = await adminCookie();
  ana = await representativeCookie("ana.rep@test.dev", "senha-rep-123", "Ana Representante");
  beto = await representativeCookie("beto.rep@test.dev", "senha-rep-123", "Beto Representante");
  const [aRef, bRef] = await t.db
    .insert(referrals)
    .values([
      {
        representativeId: ana.representativeId,
        businessName: "Padaria da Ana",
        contactName: "Contato Ana",
        contactPhone: "11911112222",
        status: "concluido",
        commissionCents: 5000,
        completedAt: new Date(),
      },
      {
        representativeId: beto.representativeId,
        businessName: "Lanchonete do Beto",
        contactName: "Contato Beto",
        contactPhone: "11933334444",
      },
    ])
    .returning();
  const [payout] = await t.db
    .insert(payouts)
    .values({
      representativeId: ana.representativeId,
      paidOn: "2026-11-10",
      method: "pix",
      amountCents: 5000,
    })
    .returning();
  await t.db.insert(payoutItems).values({ payoutId: payout.id, referralId: aRef.id, amountCents: 5000 });
  void bRef;
});

describe("Baixar meus dados", () => {
  it("is the signed-in representative's account, profile, referrals and payouts, and nothing of others", async () => {
    const o = await outcome(() =>
      meusDados.loader(args(get("/representante/conta/meus-dados.json", ana.cookie))),
    );
    expect(o.status).toBe(200);
    expect(o.headers?.get("content-disposition")).toMatch(/attachment; filename="meus-dados-.+\.json"/);
    const data = o.data as Record<string, unknown> & {
      account: { email: string };
      profile: { name: string };
      referrals: { businessName: string }[];
      payouts: { amountCents: number; items: { amountCents: number }[] }[];
    };
    expect(data.account.email).toBe("ana.rep@test.dev");
    expect(data.profile.name).toBe("Ana Representante");
    expect(data.referrals.map((r) => r.businessName)).toEqual(["Padaria da Ana"]);
    expect(data.payouts).toHaveLength(1);
    expect(data.payouts[0]).toMatchObject({ amountCents: 5000, items: [{ amountCents: 5000 }] });
    const text = JSON.stringify(data);
    for (const other of ["Beto", "beto.rep@test.dev", "Lanchonete", "33334444", "createdBy"])
      expect(text).not.toContain(other);
  });

  it("is refused without a representative's session", async () => {
    for (const cookie of [undefined, admin]) {
      const o = await outcome(() =>
        meusDados.loader(args(get("/representante/conta/meus-dados.json", cookie))),
      );
      expect(o.status).toBe(302);
      expect(o.headers?.get("location")).toBe("/representante/login");
    }
  });
});

describe("Pedir exclusão da conta", () => {
  it("records one pending request of the caller (whatever id the form carries), audits it and e-mails the admins", async () => {
    const o = await outcome(() =>
      conta.action(
        args(
          post(
            "/representante/conta",
            { intent: "delete-account", representativeId: ana.representativeId },
            beto.cookie,
          ),
        ),
      ),
    );
    expect(o.status).toBe(302);
    expect(await latestDeletionRequest({ representativeId: ana.representativeId })).toBeNull();
    const mine = await latestDeletionRequest({ representativeId: beto.representativeId });
    expect(mine?.status).toBe("pendente");

    // Asking again changes nothing.
    await outcome(() =>
      conta.action(args(post("/representante/conta", { intent: "delete-account" }, beto.cookie))),
    );
    const rows = await t.db
      .select()
      .from(accountDeletionRequests)
      .where(eq(accountDeletionRequests.representativeId, beto.representativeId));
    expect(rows).toHaveLength(1);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "privacy.deletion_requested"));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: beto.userId, entityId: beto.representativeId });

    // The page shows the request's state.
    const page = await outcome(() => conta.loader(args(get("/representante/conta", beto.cookie))));
    expect((page.data as { deletionRequest: unknown }).deletionRequest).toMatchObject({ status: "pendente" });

    await drainJobs();
    const [adminRow] = await t.db.select({ email: user.email }).from(user).where(eq(user.role, "admin"));
    const mails = await t.db.select().from(mailMessages).where(eq(mailMessages.kind, "privacidade.exclusao"));
    expect(mails.map((m) => m.toAddress)).toEqual([adminRow.email]);
    expect(mails[0].text).toContain("Beto Representante");
    expect(mails[0].text).toContain("/admin/privacy?q=beto.rep%40test.dev");
  });

  it("an unknown intent value is refused with a pt-BR message and records nothing", async () => {
    const before = await t.db.select().from(accountDeletionRequests);
    const o = await outcome(() =>
      conta.action(args(post("/representante/conta", { intent: "delete-account-x" }, ana.cookie))),
    );
    expect(o.status).toBeLessThan(500);
    expect(await t.db.select().from(accountDeletionRequests)).toEqual(before);
    void SELF_SERVICE_MESSAGES;
  });

  it("the admin sees the pending request on /admin/privacy; anonymising the representative completes it", async () => {
    const list = await outcome(() => adminPrivacy.loader(args(get("/admin/privacy", admin))));
    const pending = (list.data as { deletionRequests: { name: string; email: string }[] }).deletionRequests;
    expect(pending).toEqual([
      expect.objectContaining({ name: "Beto Representante", email: "beto.rep@test.dev" }),
    ]);

    const o = await outcome(() =>
      adminPrivacy.action(
        args(post("/admin/privacy", { term: "beto.rep@test.dev", confirm: "ANONIMIZAR" }, admin)),
      ),
    );
    expect(o.status).toBe(302);
    const done = await latestDeletionRequest({ representativeId: beto.representativeId });
    expect(done).toMatchObject({ status: "concluido" });
    expect(done?.resolvedAt).toBeInstanceOf(Date);
    const after = await outcome(() => adminPrivacy.loader(args(get("/admin/privacy", admin))));
    expect((after.data as { deletionRequests: unknown[] }).deletionRequests).toEqual([]);
    // The account is gone: its e-mail is replaced and it cannot sign in.
    const [u] = await t.db.select().from(user).where(eq(user.id, beto.userId));
    expect(u).toMatchObject({ status: "deactivated" });
    expect(u.email).not.toContain("beto");
  });
});
