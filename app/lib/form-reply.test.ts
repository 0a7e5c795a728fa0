import { describe, expect, it } from "vitest";
import { reply, replyError, replyInvalid, replyOk, replyRefused, toast } from "./form-reply";
import { redirectWithToast } from "./form-reply.server";
import { readFlash } from "./flash.server";

const EMPTY = { ok: false, fieldErrors: {}, formError: null, toast: null };

describe("form-reply: one answer shape for every action", () => {
  it("builds every toast object in one place", () => {
    expect(toast.success("Salvo")).toEqual({ type: "success", message: "Salvo" });
    expect(toast.error("Falhou")).toEqual({ type: "error", message: "Falhou" });
    expect(toast.info("Aviso")).toEqual({ type: "info", message: "Aviso" });
  });

  it("replyOk: ok, an optional toast and typed extras, status 200", () => {
    const r = replyOk(toast.success("Cliente criado"), { clientId: "c1" });
    expect(r.init?.status).toBe(200);
    expect(r.data).toEqual({ ...EMPTY, ok: true, toast: toast.success("Cliente criado"), clientId: "c1" });
    expect(replyOk().data).toEqual({ ...EMPTY, ok: true });
  });

  it("replyInvalid: field errors with what was typed, 400 unless told", () => {
    const r = replyInvalid({ name: "Nome é obrigatório" }, { values: { name: "" } });
    expect(r.init?.status).toBe(400);
    expect(r.data).toEqual({ ...EMPTY, fieldErrors: { name: "Nome é obrigatório" }, values: { name: "" } });
    const slug = replyInvalid({ slug: "Já existe" }, { toast: toast.error("Erro"), status: 409 });
    expect(slug.init?.status).toBe(409);
    expect(slug.data).toEqual({ ...EMPTY, fieldErrors: { slug: "Já existe" }, toast: toast.error("Erro") });
    expect("values" in replyInvalid({}).data).toBe(false);
    expect(replyInvalid({}, { extra: { intent: "add-note" } }).data).toMatchObject({ intent: "add-note" });
  });

  it("replyError: the message as form alert and error toast, or as toast only; 500 unless told", () => {
    const r = replyError("Erro ao salvar");
    expect(r.init?.status).toBe(500);
    expect(r.data).toEqual({ ...EMPTY, formError: "Erro ao salvar", toast: toast.error("Erro ao salvar") });
    const quiet = replyError("Erro ao mover", { status: 409, toastOnly: true });
    expect(quiet.init?.status).toBe(409);
    expect(quiet.data).toEqual({ ...EMPTY, toast: toast.error("Erro ao mover") });
    const limited = replyError("Muitas tentativas", { status: 429, headers: { "Retry-After": "60" } });
    expect(new Headers(limited.init?.headers).get("Retry-After")).toBe("60");
  });

  it("replyRefused: a shared submit's refusal becomes the same reply", () => {
    const r = replyRefused(
      {
        ok: false,
        status: 409,
        fieldErrors: { email: "Email já cadastrado" },
        formError: null,
        toast: "Erro ao criar cliente",
        values: { email: "a@b.c" },
      },
      { intent: "update" },
    );
    expect(r.init?.status).toBe(409);
    expect(r.data).toEqual({
      ...EMPTY,
      fieldErrors: { email: "Email já cadastrado" },
      toast: toast.error("Erro ao criar cliente"),
      values: { email: "a@b.c" },
      intent: "update",
    });
  });

  it("reply: a step that is neither success nor refusal keeps the defaults", () => {
    const r = reply({ values: { a: "1" }, review: true });
    expect(r.init?.status).toBe(200);
    expect(r.data).toEqual({ ...EMPTY, values: { a: "1" }, review: true });
  });

  it("redirectWithToast: the toast rides the flash cookie; replace uses the framework's replace()", async () => {
    const plain = await redirectWithToast("/admin/plans", "success", "Plano excluído");
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe("/admin/plans");
    expect(plain.headers.get("X-Remix-Replace")).toBeNull();
    const cookie = plain.headers.get("Set-Cookie")!.split(";")[0];
    const { toast: flashed } = await readFlash(new Request("http://x/", { headers: { Cookie: cookie } }));
    expect(flashed).toMatchObject({ type: "success", message: "Plano excluído" });

    const headers = new Headers({ "Set-Cookie": "session=1" });
    const replaced = await redirectWithToast("/admin/clients", "error", "Erro", { replace: true, headers });
    expect(replaced.headers.get("X-Remix-Replace")).toBe("true");
    expect(replaced.headers.getSetCookie()).toHaveLength(2);
  });
});
