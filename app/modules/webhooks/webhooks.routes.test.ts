import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { settings, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { readFlash } from "~/lib/flash.server";
import { openSecret } from "~/lib/secret.server";
import * as notificationsPage from "~/routes/admin/settings/notifications";
import * as webhooksPage from "~/routes/admin/settings/webhooks";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get, outcome, post } from "../../../tests/support/requests";

const t = useTestDatabase();
let admin: string;
const PATH = "/admin/settings/webhooks";
// A public address written as an IP (no DNS needed in the test).
const PUBLIC_URL = "https://93.184.215.14/ganchos/cardapio";

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: context() }) as never;

async function flashOf(res: { headers: Headers }) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__flash="));
  if (!cookie) return null;
  const flash = await readFlash(new Request("http://x/", { headers: { cookie: cookie.split(";")[0] } }));
  return flash.toast?.message ?? null;
}

/** A create form: `events` repeated, as checkboxes send it. */
function createRequest(url: string, events: string[]) {
  const body = new URLSearchParams({ intent: "create", url });
  for (const e of events) body.append("events", e);
  return new Request(`http://localhost:3000${PATH}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: admin },
    body,
  });
}

type Reply = {
  ok: boolean;
  fieldErrors: Record<string, string>;
  formError: string | null;
  toast: { message: string } | null;
};
type LoaderData = Awaited<ReturnType<typeof webhooksPage.loader>>;

beforeAll(async () => {
  admin = await adminCookie();
});

describe("/admin/settings/webhooks", () => {
  let id: string;

  it("registers an endpoint and shows its secret once, stored sealed", async () => {
    const res = await outcome(() =>
      webhooksPage.action(args(createRequest(PUBLIC_URL, ["lead.created", "client.created"]))),
    );
    expect(res.status).toBe(200);
    const data = res.data as Reply & { created: { url: string; secret: string } };
    expect(data.toast?.message).toBe(
      "Webhook cadastrado. Copie o segredo agora: ele não será mostrado de novo.",
    );
    expect(data.created.secret).toMatch(/^whsec_/);
    const [row] = await t.db.select().from(webhookEndpoints);
    id = row.id;
    expect(row).toMatchObject({ url: PUBLIC_URL, events: ["lead.created", "client.created"], active: true });
    expect(row.secretEncrypted).not.toContain(data.created.secret);
    expect(openSecret(row.secretEncrypted)).toBe(data.created.secret);
    // The page never shows the secret again.
    const page = await outcome(() => webhooksPage.loader(args(get(PATH, admin))));
    expect(JSON.stringify(page.data)).not.toContain(data.created.secret);
    expect((page.data as LoaderData).endpoints).toMatchObject([{ id, url: PUBLIC_URL }]);
  });

  it("refuses loopback, private and link-local addresses with a pt-BR message, storing nothing", async () => {
    for (const url of [
      "http://127.0.0.1:8080/x",
      "http://10.0.0.5/x",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/x",
      "http://localhost/x",
    ]) {
      const res = await outcome(() => webhooksPage.action(args(createRequest(url, ["lead.created"]))));
      expect(res.status, url).toBe(400);
      expect((res.data as Reply).fieldErrors.url, url).toMatch(/^Endereço não permitido: /);
    }
    expect(await t.db.select().from(webhookEndpoints)).toHaveLength(1);
  });

  it("validates the URL and the events", async () => {
    const noEvents = await outcome(() => webhooksPage.action(args(createRequest(PUBLIC_URL, []))));
    expect((noEvents.data as Reply).fieldErrors.events).toBe("Escolha pelo menos um evento.");
    const badUrl = await outcome(() =>
      webhooksPage.action(args(createRequest("ftp://x.dev/a", ["lead.created", "nao.existe"]))),
    );
    expect((badUrl.data as Reply).fieldErrors.url).toBe("Informe uma URL começando com http:// ou https://.");
    expect(await t.db.select().from(webhookEndpoints)).toHaveLength(1);
  });

  it("pauses and reactivates an endpoint", async () => {
    const pause = await outcome(() =>
      webhooksPage.action(args(post(PATH, { intent: "toggle", id, active: "false" }, admin))),
    );
    expect(pause.location).toBe(PATH);
    expect(await flashOf(pause)).toBe("Webhook pausado");
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row.active).toBe(false);
    await outcome(() =>
      webhooksPage.action(args(post(PATH, { intent: "toggle", id, active: "true" }, admin))),
    );
    const [again] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(again.active).toBe(true);
  });

  it("shows an endpoint's deliveries newest first, paged, and re-sends a failed one", async () => {
    await t.db.insert(webhookDeliveries).values(
      Array.from({ length: 30 }, (_, i) => ({
        endpointId: id,
        event: "lead.created",
        eventId: `ev-${i}`,
        body: "{}",
        status: i === 0 ? ("falhou" as const) : ("entregue" as const),
        attempts: i === 0 ? 9 : 1,
        lastStatusCode: i === 0 ? 503 : 200,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    );
    const first = (await outcome(() => webhooksPage.loader(args(get(`${PATH}?endpoint=${id}`, admin)))))
      .data as LoaderData;
    expect(first.selected).toEqual({ id, url: PUBLIC_URL });
    expect(first.deliveries).toHaveLength(25);
    expect(first.deliveries[0].lastStatusCode).toBe(200);
    expect(first.deliveries[0]).not.toHaveProperty("body");
    const second = (
      await outcome(() =>
        webhooksPage.loader(args(get(`${PATH}?endpoint=${id}&before=${first.next}`, admin))),
      )
    ).data as LoaderData;
    expect(second.deliveries).toHaveLength(5);
    const failed = second.deliveries.at(-1)!;
    expect(failed).toMatchObject({ status: "falhou", attempts: 9, lastStatusCode: 503 });

    const res = await outcome(() =>
      webhooksPage.action(
        args(post(`${PATH}?endpoint=${id}`, { intent: "redeliver", id: failed.id }, admin)),
      ),
    );
    expect(res.location).toBe(`${PATH}?endpoint=${id}`);
    expect(await flashOf(res)).toBe("Entrega reenviada");
    const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, failed.id));
    expect(row.status).toBe("pendente");
    // A delivered one is not re-sent.
    const again = await outcome(() =>
      webhooksPage.action(args(post(PATH, { intent: "redeliver", id: first.deliveries[0].id }, admin))),
    );
    expect(again.status).toBe(409);
  });

  it("answers bad intents and unknown ids with a pt-BR error, changing nothing", async () => {
    const forms: Record<string, string>[] = [
      {},
      { intent: "toggle", id: "nao-e-id'--", active: "true" },
      { intent: "explode", id },
    ];
    for (const form of forms) {
      const res = await outcome(() => webhooksPage.action(args(post(PATH, form, admin))));
      expect(res.status).toBe(400);
      expect((res.data as Reply).toast?.message).toBe("Não foi possível concluir a ação");
    }
    const unknown = await outcome(() =>
      webhooksPage.action(
        args(post(PATH, { intent: "delete", id: "00000000-0000-4000-8000-000000000000" }, admin)),
      ),
    );
    expect(unknown.status).toBe(404);
    expect(await t.db.select().from(webhookEndpoints)).toHaveLength(1);
  });

  it("deletes an endpoint with its deliveries", async () => {
    const res = await outcome(() =>
      webhooksPage.action(args(post(`${PATH}?endpoint=${id}`, { intent: "delete", id }, admin))),
    );
    expect(res.location).toBe(PATH);
    expect(await flashOf(res)).toBe("Webhook excluído com sucesso");
    expect(await t.db.select().from(webhookEndpoints)).toHaveLength(0);
    expect(await t.db.select().from(webhookDeliveries)).toHaveLength(0);
  });
});

describe("/admin/settings/notifications", () => {
  const P = "/admin/settings/notifications";
  const stored = async () => (await t.db.select().from(settings))[0]?.leadAlertEmails ?? [];

  it("saves the extra lead-alert addresses, one per line, lower-cased and unique", async () => {
    const res = await outcome(() =>
      notificationsPage.action(
        args(post(P, { leadAlertEmails: "Vendas@Loja.dev\nsocio@loja.dev, vendas@loja.dev\n\n" }, admin)),
      ),
    );
    expect(res.location).toBe(P);
    expect(await flashOf(res)).toBe("Notificações salvas com sucesso!");
    expect(await stored()).toEqual(["vendas@loja.dev", "socio@loja.dev"]);
    const page = await outcome(() => notificationsPage.loader(args(get(P, admin))));
    expect(page.data).toEqual({ leadAlertEmails: ["vendas@loja.dev", "socio@loja.dev"], supportEmail: "" });
  });

  it("names the first invalid address and keeps what was typed, storing nothing", async () => {
    const typed = "ok@loja.dev\nnao-e-email\n<script>@x";
    const res = await outcome(() =>
      notificationsPage.action(args(post(P, { leadAlertEmails: typed }, admin))),
    );
    expect(res.status).toBe(400);
    const data = res.data as Reply & { values: { leadAlertEmails: string } };
    expect(data.fieldErrors.leadAlertEmails).toBe('"nao-e-email" não é um e-mail válido.');
    expect(data.values.leadAlertEmails).toBe(typed);
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@loja.dev`).join("\n");
    const tooMany = await outcome(() =>
      notificationsPage.action(args(post(P, { leadAlertEmails: many }, admin))),
    );
    expect((tooMany.data as Reply).fieldErrors.leadAlertEmails).toBe("Informe no máximo 20 e-mails.");
    expect(await stored()).toEqual(["vendas@loja.dev", "socio@loja.dev"]);
  });

  it("an empty list clears the extra addresses", async () => {
    await outcome(() => notificationsPage.action(args(post(P, { leadAlertEmails: "" }, admin))));
    expect(await stored()).toEqual([]);
  });
});
