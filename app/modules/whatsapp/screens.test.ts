// The consent and preference screens: the client area's WhatsApp card (/cliente/dados) and the
// admin client page's WhatsApp block, through their routes' loaders and actions.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, clients } from "~/db/schema";
import * as dados from "~/routes/cliente/dados";
import * as clientPage from "~/routes/admin/clients/edit";
import { useTestDatabase } from "../../../tests/support/db";
import { clientCookie, makeClient } from "../../../tests/support/client-area";
import { adminCookie, context, flashMessage, get, post } from "../../../tests/support/requests";
import { consentHistory, openConsent } from "./consent.server";
import { queueWhatsApp } from "./send.server";
import { consentTextFor } from "./whatsapp.constants";
import { anonymiseSubject } from "~/modules/privacy/data-subject-erase.server";
import { findSubjectData } from "~/modules/privacy/data-subject-find.server";
import { setMessagePreference } from "./preference.server";

const t = useTestDatabase();

const call = async <R>(fn: (args: never) => Promise<R>, request: Request, params = {}) => {
  try {
    return await fn({ request, params, context: context() } as never);
  } catch (e) {
    if (e instanceof Response) return e as unknown as R;
    throw e;
  }
};
const json = async (r: unknown) => (r as { data?: unknown }).data ?? r;

describe("client area: the WhatsApp card", () => {
  it("asks with the exact text and number, records it as shown, saves the preference, withdraws in one click", async () => {
    const id = await makeClient("card@cliente.dev", "Maria Card", "Cantina Card");
    const cookie = await clientCookie("card@cliente.dev");
    const view = (await call(dados.loader, get("/cliente/dados", cookie))) as Awaited<
      ReturnType<typeof dados.loader>
    >;
    expect(view.whatsapp.consent).toBeNull();
    expect(view.whatsapp.consentText).toBe(consentTextFor("(11) 99999-0000"));

    // A number other than the one the text showed is refused, nothing stored.
    const wrong = await json(
      await call(
        dados.action,
        post("/cliente/dados", { intent: "whatsapp-autorizar", phone: "5511988887777" }, cookie),
      ),
    );
    expect(wrong).toMatchObject({ whatsapp: { ok: false, message: expect.stringMatching(/telefone/) } });
    expect(await openConsent(t.db, id)).toBeNull();

    const ok = await json(
      await call(
        dados.action,
        post("/cliente/dados", { intent: "whatsapp-autorizar", phone: view.whatsapp.phone! }, cookie),
      ),
    );
    // A saved choice answers as every client-area form does: back to the page with the toast.
    expect(await flashMessage(ok as Response)).toBe("Consentimento para WhatsApp registrado.");
    const consent = await openConsent(t.db, id);
    expect(consent).toMatchObject({
      phone: "5511999990000",
      source: "area_do_cliente",
      consentText: view.whatsapp.consentText,
    });

    const bad = await json(
      await call(
        dados.action,
        post("/cliente/dados", { intent: "whatsapp-preferencia", preference: "sms" }, cookie),
      ),
    );
    expect(bad).toMatchObject({
      whatsapp: { ok: false, message: expect.stringMatching(/^Escolha por onde/) },
    });
    await call(
      dados.action,
      post("/cliente/dados", { intent: "whatsapp-preferencia", preference: "whatsapp" }, cookie),
    );
    const [row] = await t.db.select({ p: clients.messagePreference }).from(clients).where(eq(clients.id, id));
    expect(row.p).toBe("whatsapp");

    const out = await json(
      await call(dados.action, post("/cliente/dados", { intent: "whatsapp-retirar" }, cookie)),
    );
    // A saved choice answers as every client-area form does: back to the page with the toast.
    expect(await flashMessage(out as Response)).toBe("Consentimento para WhatsApp retirado.");
    expect(await openConsent(t.db, id)).toBeNull();
    expect((await consentHistory(id))[0].withdrawalSource).toBe("area_do_cliente");
  });
});

describe("admin client page: the WhatsApp block", () => {
  it("records a consent given elsewhere only with where it was given, audited; lists the client's messages", async () => {
    const cookie = await adminCookie("zap-screens@test.dev");
    const id = await makeClient("bloco@cliente.dev", "João Bloco", "Bar Bloco");
    const url = `/admin/clients/edit/${id}`;
    const noNote = await call(
      clientPage.action,
      post(url, { intent: "whatsapp-registrar", phone: "(11) 97777-6666", sourceNote: "" }, cookie),
      { id },
    );
    expect((noNote as Response).status).toBe(302);
    expect(await openConsent(t.db, id)).toBeNull();
    await call(
      clientPage.action,
      post(
        url,
        { intent: "whatsapp-registrar", phone: "(11) 97777-6666", sourceNote: "Por telefone em 10/04" },
        cookie,
      ),
      { id },
    );
    expect(await openConsent(t.db, id)).toMatchObject({
      phone: "5511977776666",
      source: "admin",
      sourceNote: "Por telefone em 10/04",
    });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.map((a) => a.action)).toContain("whatsapp.consentimento_registrado");

    await queueWhatsApp(t.db, {
      clientId: id,
      template: "cardapio_publicado",
      values: { nome: "João", negocio: "Bar Bloco", link: "https://bar.cardapio.digital" },
      dedupeKey: `tela:${id}`,
    });
    const view = (await call(clientPage.loader, get(url, cookie), { id })) as Awaited<
      ReturnType<typeof clientPage.loader>
    >;
    expect(view.whatsapp?.consent).toMatchObject({
      phoneLabel: "(11) 97777-6666",
      sourceLabel: "Registrado por um administrador",
    });
    expect(view.whatsapp?.messages).toMatchObject([
      { subject: "WhatsApp: cardápio no ar", status: "pendente" },
    ]);
    expect(view.whatsapp?.preference).toBe("ambos");
  });
});

describe("privacy: the channel preference", () => {
  it("is exported with the client and back to 'not chosen' after the erasure", async () => {
    const id = await makeClient("pref-lgpd@cliente.dev", "Ana Pref", "Café Pref");
    await setMessagePreference({ clientId: id, preference: "email", actor: null });
    const found = await findSubjectData({ query: { email: "pref-lgpd@cliente.dev", phone: null } });
    expect(found.clients.find((c) => c.id === id)?.messagePreference).toBe("email");
    await anonymiseSubject({ query: { email: "pref-lgpd@cliente.dev", phone: null }, actor: null });
    const [row] = await t.db.select({ p: clients.messagePreference }).from(clients).where(eq(clients.id, id));
    expect(row.p).toBeNull();
  });
});
