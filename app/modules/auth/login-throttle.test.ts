/**
 * Sign-in throttling: only failures count, per account and per address, each
 * role in its own counters, so wrong representative passwords cannot lock the admin out.
 */
import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { resetEnvCache } from "~/lib/env.server";
import * as adminLogin from "~/routes/admin/login";
import * as repLogin from "~/routes/representante/login";
import { useTestDatabase } from "../../../tests/support/db";
import { context, outcome, post } from "../../../tests/support/requests";
import { storedKey } from "~/server/rate-limit/rate-limit.server";
import { loginLockedMessage } from "./login-throttle.server";
import { registerRepresentative, upsertAdmin } from "./users.server";

const t = useTestDatabase();

const ADMIN = { email: "chefe-throttle@test.dev", password: "senha-chefe-123" };
const REP = { email: "rep-throttle@test.dev", password: "senha-rep-123" };
// Its own account for the "successes do not count" test, untouched by the flood tests.
const REP2 = { email: "rep-throttle-2@test.dev", password: "senha-rep-456" };
// 50+ password hashes: slow on a loaded machine.
const SLOW = { timeout: 240_000 };

type AnyAction = { action: (args: never) => unknown };
const call = (mod: AnyAction, path: string, fields: Record<string, string>, ip: string) =>
  outcome(() =>
    mod.action({ request: post(path, fields), params: {}, context: context({ clientIp: ip }) } as never),
  );
const adminTry = (fields: Record<string, string>, ip: string) => call(adminLogin, "/admin/login", fields, ip);
const repTry = (fields: Record<string, string>, ip: string) =>
  call(repLogin, "/representante/login", fields, ip);

let ipSeq = 0;
const freshIp = () => `203.0.113.${++ipSeq}`;

beforeAll(async () => {
  await upsertAdmin(ADMIN);
  await registerRepresentative({ name: "Rep Throttle", ...REP });
  await registerRepresentative({ name: "Rep Throttle Dois", ...REP2 });
});
afterEach(async () => {
  await t.db.execute(sql`delete from rate_limits`);
  delete process.env.RATE_LIMIT_LOGIN;
  delete process.env.RATE_LIMIT_LOGIN_ACCOUNT;
  resetEnvCache();
});

describe("failed sign-in throttle", () => {
  it(
    "50 failed representative sign-ins from one address do not stop the admin signing in from it",
    SLOW,
    async () => {
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 50; i++) {
        // Wrong passwords against the representative, other e-mails, and the admin's own e-mail
        // typed on the representative login.
        const email = [REP.email, `outro${i}@test.dev`, ADMIN.email][i % 3];
        statuses.push((await repTry({ email, password: `errada-${i}` }, ip)).status);
      }
      // The address is throttled for representative sign-ins (default 30 failures per window)…
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
      const refused = await repTry(REP, ip);
      expect(refused.status).toBe(429);
      expect(refused.data).toMatchObject({ formError: expect.stringMatching(/^Muitas tentativas\. Tente/) });
      // …and the admin signs in from the very same address.
      const admin = await adminTry(ADMIN, ip);
      expect(admin.status).toBe(302);
      expect(admin.location).toBe("/admin/dashboard");
    },
  );

  it(
    "locks an account after 10 failures from any addresses, says for how long, and opens again",
    SLOW,
    async () => {
      for (let i = 0; i < 10; i++) {
        const res = await adminTry({ email: ADMIN.email, password: "errada" }, freshIp());
        expect(res.status).toBe(401);
        expect(res.data).toMatchObject({ formError: "Erro ao fazer login. Verifique suas credenciais." });
      }
      // Even the right password from a new address waits now.
      const locked = await adminTry(ADMIN, freshIp());
      expect(locked.status).toBe(429);
      expect(locked.data).toMatchObject({
        formError: "Muitas tentativas. Tente novamente em 15 minutos.",
        toast: { type: "error", message: "Muitas tentativas. Tente novamente em 15 minutos." },
      });
      expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(840);
      // Three minutes later (the window's start moved back in the table): 12 minutes to go.
      const key = storedKey(`login-fail:admin:account:${ADMIN.email}`);
      await t.db.execute(
        sql`update rate_limits set window_start = window_start - interval '3 minutes' where key = ${key}`,
      );
      const later = await adminTry(ADMIN, freshIp());
      expect(later.data).toMatchObject({ formError: "Muitas tentativas. Tente novamente em 12 minutos." });
      // The representative sign-in of an account with the same e-mail is another counter.
      expect((await repTry(REP, freshIp())).status).toBe(302);
      // When the window has passed, the right password works again.
      await t.db.execute(
        sql`update rate_limits set window_start = now() - interval '16 minutes' where key = ${key}`,
      );
      expect((await adminTry(ADMIN, freshIp())).status).toBe(302);
    },
  );

  it("does not count successful sign-ins", SLOW, async () => {
    process.env.RATE_LIMIT_LOGIN_ACCOUNT = "3";
    resetEnvCache();
    const ip = freshIp();
    for (let i = 0; i < 8; i++) expect((await repTry(REP2, ip)).status).toBe(302);
    const key = storedKey(`login-fail:representative:account:${REP2.email}`);
    const [row] = await queryRows<{ count: number }>(
      t.db,
      sql`select count::int as count from rate_limits where key = ${key}`,
    );
    expect(Number(row?.count ?? 0)).toBe(0);
    // The three failures the limit allows are all still there…
    for (let i = 0; i < 3; i++) expect((await repTry({ ...REP2, password: "errada" }, ip)).status).toBe(401);
    // …and the fourth attempt waits.
    expect((await repTry(REP2, ip)).status).toBe(429);
  });

  it("limits failures per address across accounts, and another address is not affected", async () => {
    process.env.RATE_LIMIT_LOGIN = "4";
    resetEnvCache();
    const ip = freshIp();
    for (let i = 0; i < 4; i++) {
      expect((await adminTry({ email: `spray${i}@test.dev`, password: "errada" }, ip)).status).toBe(401);
    }
    expect((await adminTry({ email: "spray9@test.dev", password: "errada" }, ip)).status).toBe(429);
    expect((await adminTry({ email: "spray9@test.dev", password: "errada" }, freshIp())).status).toBe(401);
  });

  it("refuses a burst of parallel guesses beyond the limit", async () => {
    process.env.RATE_LIMIT_LOGIN_ACCOUNT = "5";
    resetEnvCache();
    const email = "burst@test.dev";
    const results = await Promise.all(
      Array.from({ length: 30 }, () => adminTry({ email, password: "errada" }, freshIp())),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(25);
  });

  it("words the wait in whole minutes", () => {
    expect(loginLockedMessage(1)).toBe("Muitas tentativas. Tente novamente em 1 minuto.");
    expect(loginLockedMessage(61)).toBe("Muitas tentativas. Tente novamente em 2 minutos.");
    expect(loginLockedMessage(900)).toBe("Muitas tentativas. Tente novamente em 15 minutos.");
  });
});
