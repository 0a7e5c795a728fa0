import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { representatives, session, user } from "~/db/schema";
import { useTestDatabase } from "../../../tests/support/db";
import {
  adminCookie,
  context,
  get,
  outcome,
  post,
  representativeCookie,
} from "../../../tests/support/requests";
import * as adminDashboard from "~/routes/admin/dashboard";
import * as adminLogin from "~/routes/admin/login";
import * as repRegister from "~/routes/representante/register";
import * as repDashboard from "~/routes/representante/dashboard";
import { ADMIN_AUTH_ERROR, getSessionUser, REP_AUTH_ERROR } from "./session.server";
import { upsertAdmin } from "./users.server";
import { readFlash } from "~/lib/flash.server";
import { runWithRequestContext } from "~/server/logging/logger.server";
import { getAuth } from "./auth.server";

const t = useTestDatabase();
type Args = Parameters<typeof adminLogin.action>[0];
const args = (request: Request) => ({ request, params: {}, context: context() }) as unknown as Args;

async function flashOf(res: { headers: Headers }) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__flash="));
  if (!cookie) return null;
  return (await readFlash(new Request("http://x/", { headers: { cookie: cookie.split(";")[0] } }))).toast
    ?.message;
}

describe("admin login", () => {
  it("signs an admin in with the spec's toast and an httpOnly SameSite=Lax cookie", async () => {
    await upsertAdmin({ email: "chefe@test.dev", password: "segredo-123" });
    const res = await outcome(() =>
      adminLogin.action(args(post("/admin/login", { email: "chefe@test.dev", password: "segredo-123" }))),
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe("/admin/dashboard");
    expect(await flashOf(res)).toBe("Login realizado com sucesso!");
    const session = res.headers.getSetCookie().find((c) => c.includes("session_token"))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });

  it("refuses a wrong password with the spec's message", async () => {
    const res = await outcome(() =>
      adminLogin.action(args(post("/admin/login", { email: "chefe@test.dev", password: "errada" }))),
    );
    expect(res.status).toBe(401);
    expect(res.data).toMatchObject({ formError: "Erro ao fazer login. Verifique suas credenciais." });
  });

  it("refuses a representative's credentials on the admin login", async () => {
    await representativeCookie("rep-login@test.dev", "senha-rep-1");
    const res = await outcome(() =>
      adminLogin.action(args(post("/admin/login", { email: "rep-login@test.dev", password: "senha-rep-1" }))),
    );
    expect(res.status).toBe(401);
    expect(
      res.headers.getSetCookie().some((c) => c.includes("session_token=") && !c.includes("session_token=;")),
    ).toBe(false);
  });

  it("asks for the missing fields", async () => {
    const res = await outcome(() =>
      adminLogin.action(args(post("/admin/login", { email: "", password: "" }))),
    );
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      fieldErrors: { email: "Informe o e-mail.", password: "Informe a senha." },
    });
  });
});

describe("guards", () => {
  it("sends anonymous visitors of /admin to the login with the spec's message", async () => {
    const res = await outcome(() => adminDashboard.loader(args(get("/admin/dashboard")) as never));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/admin/login");
    expect(await flashOf(res)).toBe(ADMIN_AUTH_ERROR);
  });

  it("refuses a signed-in representative on admin loaders and actions", async () => {
    const rep = await representativeCookie("rep-guard@test.dev");
    const page = await outcome(() =>
      adminDashboard.loader(args(get("/admin/dashboard", rep.cookie)) as never),
    );
    expect(page.location).toBe("/admin/login");
    expect(await flashOf(page)).toBe(ADMIN_AUTH_ERROR);
    const act = await outcome(() =>
      adminDashboard.action(args(post("/admin/dashboard", {}, rep.cookie)) as never),
    );
    expect(act.location).toBe("/admin/login");
  });

  it("lets an admin in and keeps admins out of the portal", async () => {
    const cookie = await adminCookie();
    const page = await outcome(() => adminDashboard.loader(args(get("/admin/dashboard", cookie)) as never));
    expect(page.status).toBe(200);
    const portal = await outcome(() =>
      repDashboard.loader(args(get("/representante/dashboard", cookie)) as never),
    );
    expect(portal.location).toBe("/representante/login");
    expect(await flashOf(portal)).toBe(REP_AUTH_ERROR);
  });
});

describe("representative registration", () => {
  it("checks matching passwords and length with the spec's texts", async () => {
    const mismatch = await outcome(() =>
      repRegister.action(
        args(
          post("/representante/register", {
            name: "Ana Souza",
            email: "ana@test.dev",
            password: "123456",
            confirmPassword: "654321",
          }),
        ) as never,
      ),
    );
    expect(mismatch.data).toMatchObject({ fieldErrors: { confirmPassword: "As senhas não coincidem" } });
    const short = await outcome(() =>
      repRegister.action(
        args(
          post("/representante/register", {
            name: "Ana Souza",
            email: "ana@test.dev",
            password: "123",
            confirmPassword: "123",
          }),
        ) as never,
      ),
    );
    expect(short.data).toMatchObject({
      fieldErrors: { password: "A senha deve ter pelo menos 6 caracteres" },
    });
    expect(await t.db.select().from(user).where(eq(user.email, "ana@test.dev"))).toHaveLength(0);
  });

  it("creates the user and the representative row together, then refuses the same email", async () => {
    const fields = {
      name: "Bruno Lima",
      email: "Bruno@Test.dev",
      password: "bruno-lima-2026",
      confirmPassword: "bruno-lima-2026",
    };
    const ok = await outcome(() =>
      repRegister.action(args(post("/representante/register", fields)) as never),
    );
    expect(ok.location).toBe("/representante/login");
    expect(await flashOf(ok)).toBe("Cadastro realizado com sucesso! Faça login para continuar.");
    const [u] = await t.db.select().from(user).where(eq(user.email, "bruno@test.dev"));
    expect(u.role).toBe("representative");
    const [rep] = await t.db.select().from(representatives).where(eq(representatives.authId, u.id));
    expect(rep).toMatchObject({ name: "Bruno Lima", email: "bruno@test.dev" });

    const again = await outcome(() =>
      repRegister.action(args(post("/representante/register", fields)) as never),
    );
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ formError: "Erro ao criar conta. Este email pode já estar em uso." });
    expect(
      await t.db.select().from(representatives).where(eq(representatives.email, "bruno@test.dev")),
    ).toHaveLength(1);
  });
});

describe("sessions", () => {
  it("rotates the session on login and ends it on logout", async () => {
    const first = await adminCookie("rot@test.dev", "senha-rot-1");
    const again = await outcome(() =>
      adminLogin.action(
        args(
          new Request("http://localhost:3000/admin/login", {
            method: "POST",
            headers: { cookie: first, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ email: "rot@test.dev", password: "senha-rot-1" }),
          }),
        ),
      ),
    );
    expect(again.status).toBe(302);
    expect(await getSessionUser(get("/", first))).toBeNull();
  });

  it("is read once per page view (the layout's and the page's guards), never across requests nor by an action", async () => {
    const cookie = await adminCookie("vista@test.dev", "senha-vista-1");
    const reads = vi.spyOn(getAuth().api, "getSession");
    try {
      await runWithRequestContext("pagina-1", async () => {
        // React Router hands each loader its own Request of the same page view.
        const [layout, page] = await Promise.all([
          getSessionUser(get("/admin/dashboard", cookie)),
          getSessionUser(get("/admin/dashboard", cookie)),
        ]);
        expect(layout?.user.email).toBe("vista@test.dev");
        expect(page).toEqual(layout);
        expect(reads).toHaveBeenCalledTimes(1);
        // An action reads for itself: here the session has just ended.
        const [account] = await t.db.select().from(user).where(eq(user.email, "vista@test.dev"));
        await t.db.delete(session).where(eq(session.userId, account.id));
        expect(await getSessionUser(post("/admin/logout", {}, cookie))).toBeNull();
      });
      // The next page view asks again, and is refused.
      await runWithRequestContext("pagina-2", async () => {
        expect(await getSessionUser(get("/admin/dashboard", cookie))).toBeNull();
      });
      expect(reads).toHaveBeenCalledTimes(3);
    } finally {
      reads.mockRestore();
    }
  });
});
