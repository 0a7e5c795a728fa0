import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { account, referrals, representativeMaterials, representatives, session, user } from "~/db/schema";
import { readFlash } from "~/lib/flash.server";
import * as route from "~/routes/admin/representatives";
import { useTestDatabase } from "../../../tests/support/db";
import {
  adminCookie,
  context,
  get,
  outcome,
  post,
  representativeCookie,
} from "../../../tests/support/requests";
import { getSessionUser, InvalidCredentialsError, signIn } from "../auth/session.server";
import { deleteRepresentative } from "./representative-access.server";
import { listRepresentativesAdmin } from "./representatives.server";
import { textPreview } from "./representatives.schema";

const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
let admin = "";
let carla: Awaited<ReturnType<typeof representativeCookie>>;
let diego: Awaited<ReturnType<typeof representativeCookie>>;

async function flashOf(res: { headers: Headers }) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__flash="));
  if (!cookie) return null;
  return (await readFlash(new Request("http://x/", { headers: { cookie: cookie.split(";")[0] } }))).toast
    ?.message;
}

const act = (fields: Record<string, string>, cookie: string | null = admin) =>
  outcome(() => route.action(args(post("/admin/representatives", fields, cookie ?? undefined))));

beforeAll(async () => {
  admin = await adminCookie();
  carla = await representativeCookie("carla@reps.dev", "senha-carla-1", "Carla Dias");
  diego = await representativeCookie("diego@reps.dev", "senha-diego-1", "Diego Alves");
  const mk = (repId: string, business: string, status: "analise" | "concluido") => ({
    representativeId: repId,
    businessName: business,
    contactName: "Contato",
    contactPhone: "11999999999",
    status,
  });
  await t.db
    .insert(referrals)
    .values([
      mk(carla.representativeId, "Carla 1", "concluido"),
      mk(carla.representativeId, "Carla 2", "analise"),
      mk(carla.representativeId, "Carla 3", "concluido"),
      mk(diego.representativeId, "Diego 1", "analise"),
    ]);
});

describe("representative list", () => {
  it("lists by name with referral and completed counts, searchable by name or e-mail", async () => {
    const res = await outcome(() => route.loader(args(get("/admin/representatives", admin))));
    const d = res.data as Awaited<ReturnType<typeof route.loader>>;
    expect(d.rows.map((r) => [r.name, r.email, r.referralsCount, r.completedCount])).toEqual([
      ["Carla Dias", "carla@reps.dev", 3, 2],
      ["Diego Alves", "diego@reps.dev", 1, 0],
    ]);
    expect((await listRepresentativesAdmin({ q: "DIEGO@" })).rows.map((r) => r.name)).toEqual([
      "Diego Alves",
    ]);
    expect((await listRepresentativesAdmin({ q: "dias" })).rows.map((r) => r.name)).toEqual(["Carla Dias"]);
    expect((await listRepresentativesAdmin({ q: "ninguém" })).total).toBe(0);
    expect((await listRepresentativesAdmin({ pageSize: 1, page: 2 })).rows.map((r) => r.name)).toEqual([
      "Diego Alves",
    ]);
  });

  it("a page cut before the figures (sort by name or e-mail) still carries each row's figures and the total", async () => {
    const figures = (r: { name: string; referralsCount: number; completedCount: number }) => [
      r.name,
      r.referralsCount,
      r.completedCount,
    ];
    const second = await listRepresentativesAdmin({ pageSize: 1, page: 2 });
    expect(second.total).toBe(2);
    expect(second.rows.map(figures)).toEqual([["Diego Alves", 1, 0]]);
    const firstDesc = await listRepresentativesAdmin({ pageSize: 1, page: 1, sort: "email", dir: "desc" });
    expect(firstDesc.rows.map(figures)).toEqual([["Diego Alves", 1, 0]]);
    expect(firstDesc.total).toBe(2);
    // A sort by a figure orders on the aggregate of every representative.
    const byReferrals = await listRepresentativesAdmin({
      pageSize: 1,
      page: 1,
      sort: "referrals",
      dir: "desc",
    });
    expect(byReferrals.rows.map(figures)).toEqual([["Carla Dias", 3, 2]]);
    expect(byReferrals.total).toBe(2);
    expect((await listRepresentativesAdmin({ pageSize: 1, page: 3 })).rows).toEqual([]);
  });
});

describe("deleting a representative", () => {
  it("removes their login (no sign-in, old session dead) and keeps their referrals unlinked", async () => {
    expect(await getSessionUser(get("/", carla.cookie))).not.toBeNull();
    const res = await act({
      intent: "deleteRepresentative",
      id: carla.representativeId,
      q: "car",
      page: "1",
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/admin/representatives?q=car");
    expect(await flashOf(res)).toBe("Representante excluído com sucesso");

    await expect(
      signIn(get("/representante/login"), {
        email: "carla@reps.dev",
        password: "senha-carla-1",
        role: "representative",
      }),
    ).rejects.toBeInstanceOf(InvalidCredentialsError);
    expect(await getSessionUser(get("/", carla.cookie))).toBeNull();
    expect(await t.db.select().from(user).where(eq(user.id, carla.userId))).toHaveLength(0);
    expect(await t.db.select().from(account).where(eq(account.userId, carla.userId))).toHaveLength(0);
    expect(await t.db.select().from(session).where(eq(session.userId, carla.userId))).toHaveLength(0);
    expect(
      await t.db.select().from(representatives).where(eq(representatives.id, carla.representativeId)),
    ).toHaveLength(0);
    const kept = await t.db.select().from(referrals).where(eq(referrals.businessName, "Carla 1"));
    expect(kept).toHaveLength(1);
    expect(kept[0].representativeId).toBeNull();
    // Diego is untouched.
    expect(await getSessionUser(get("/", diego.cookie))).not.toBeNull();
  });

  it("says so when there is nothing to delete", async () => {
    for (const id of [carla.representativeId, "nao-uuid"]) {
      const res = await act({ intent: "deleteRepresentative", id });
      expect(await flashOf(res)).toBe("Erro ao excluir representante");
    }
  });

  it("never deletes an admin's login, even if a representatives row points at it", async () => {
    const [adminUser] = await t.db.select().from(user).where(eq(user.email, "admin@test.dev"));
    const [row] = await t.db
      .insert(representatives)
      .values({ name: "Admin como rep", email: "admin@test.dev", authId: adminUser.id })
      .returning();
    expect(await deleteRepresentative({ id: row.id })).toBe(true);
    expect(await t.db.select().from(user).where(eq(user.id, adminUser.id))).toHaveLength(1);
    expect(await t.db.select().from(representatives).where(eq(representatives.id, row.id))).toHaveLength(0);
  });
});

describe("materials", () => {
  it("validates with the spec's three messages and stores nothing", async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { title: "", materialType: "link", driveUrl: "https://drive.google.com/x" },
        { title: "Título é obrigatório" },
      ],
      [
        { title: "Banner", materialType: "link", driveUrl: "" },
        { driveUrl: "URL do Google Drive é obrigatória para materiais do tipo link" },
      ],
      [
        { title: "Texto", materialType: "text", textContent: "  " },
        { textContent: "Conteúdo do texto é obrigatório para materiais do tipo texto" },
      ],
      [
        { title: "Link", materialType: "link", driveUrl: "javascript:alert(1)" },
        { driveUrl: "Informe uma URL válida (https://...)." },
      ],
    ];
    for (const [fields, errors] of cases) {
      const res = await act({ intent: "addMaterial", ...fields });
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ ok: false, fieldErrors: errors });
    }
    expect(await t.db.select().from(representativeMaterials)).toHaveLength(0);
  });

  it("adds link and text materials, lists them newest first, and deletes with the spec's toasts", async () => {
    const link = await act({
      intent: "addMaterial",
      title: "Banner Instagram",
      description: "Arte para stories",
      materialType: "link",
      driveUrl: "https://drive.google.com/file/d/abc",
      textContent: "ignorado",
    });
    expect(link.data).toMatchObject({
      ok: true,
      toast: { type: "success", message: "Material adicionado com sucesso" },
    });
    const long = "Olá! ".repeat(60);
    await act({ intent: "addMaterial", title: "Mensagem pronta", materialType: "text", textContent: long });
    const res = await outcome(() => route.loader(args(get("/admin/representatives", admin))));
    const d = res.data as Awaited<ReturnType<typeof route.loader>>;
    expect(d.materials?.map((m) => [m.title, m.materialType, m.driveUrl, m.textContent])).toEqual([
      ["Mensagem pronta", "text", null, long.trim()],
      ["Banner Instagram", "link", "https://drive.google.com/file/d/abc", null],
    ]);
    expect(textPreview(long.trim())).toBe(`${long.trim().slice(0, 150)}...`);
    expect(textPreview("curto")).toBe("curto");

    const del = await act({ intent: "deleteMaterial", id: d.materials![0].id });
    expect(await flashOf(del)).toBe("Material excluído com sucesso");
    const again = await act({ intent: "deleteMaterial", id: d.materials![0].id });
    expect(await flashOf(again)).toBe("Erro ao excluir materiais");
    expect(await t.db.select().from(representativeMaterials)).toHaveLength(1);
  });
});

describe("editing materials", () => {
  it("changes a material in place, validates like the add, and says so when it is gone", async () => {
    const [material] = await t.db.select().from(representativeMaterials);
    const ok = await act({
      intent: "updateMaterial",
      id: material.id,
      title: "Banner atualizado",
      description: "Nova arte",
      materialType: "text",
      textContent: "Texto novo para divulgar",
    });
    expect(ok.data).toMatchObject({
      ok: true,
      toast: { type: "success", message: "Material atualizado com sucesso" },
    });
    const [row] = await t.db
      .select()
      .from(representativeMaterials)
      .where(eq(representativeMaterials.id, material.id));
    expect(row).toMatchObject({
      title: "Banner atualizado",
      description: "Nova arte",
      materialType: "text",
      driveUrl: null,
      textContent: "Texto novo para divulgar",
    });
    const bad = await act({
      intent: "updateMaterial",
      id: material.id,
      title: " ",
      materialType: "text",
      textContent: "x",
    });
    expect(bad.data).toMatchObject({ ok: false, fieldErrors: { title: "Título é obrigatório" } });
    const gone = await act({
      intent: "updateMaterial",
      id: "00000000-0000-4000-8000-000000000000",
      title: "Fantasma",
      materialType: "text",
      textContent: "x",
    });
    expect(gone.data).toMatchObject({ ok: false });
    const [after] = await t.db
      .select()
      .from(representativeMaterials)
      .where(eq(representativeMaterials.id, material.id));
    expect(after.title).toBe("Banner atualizado");
  });
});

describe("access", () => {
  it("anonymous and representative requests change nothing", async () => {
    const [material] = await t.db.select().from(representativeMaterials);
    for (const cookie of [null, diego.cookie]) {
      const attempts: Record<string, string>[] = [
        { intent: "deleteRepresentative", id: diego.representativeId },
        { intent: "deleteMaterial", id: material.id },
        { intent: "addMaterial", title: "Intruso", materialType: "text", textContent: "x" },
        {
          intent: "updateMaterial",
          id: material.id,
          title: "Intruso",
          materialType: "text",
          textContent: "x",
        },
      ];
      for (const fields of attempts) {
        const res = await act(fields, cookie);
        expect(res.location).toBe("/admin/login");
      }
      expect(
        (await outcome(() => route.loader(args(get("/admin/representatives", cookie ?? undefined)))))
          .location,
      ).toBe("/admin/login");
    }
    expect(
      await t.db.select().from(representatives).where(eq(representatives.id, diego.representativeId)),
    ).toHaveLength(1);
    expect(await t.db.select().from(representativeMaterials)).toHaveLength(1);
  });
});
