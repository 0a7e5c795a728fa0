import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

/**
 * A local fake of Asaas's REST v3 (https://docs.asaas.com): it records what it was sent and
 * answers with the shapes of Asaas's documentation. Used by the adapter's contract tests, the
 * reconciliation test, and, run as a process (`node --import tsx tests/support/fake-asaas.ts`),
 * by the E2E of billing part 2. Nothing leaves the machine.
 *
 * Control (for a test in another process): POST /__control/status {id, status, fields} changes a
 * payment's status (and any field, e.g. the value paid), POST /__control/down {down: true} makes
 * every call answer 503, and GET /__control/payments lists the payments. In-process tests change
 * `payments` directly, e.g. to add a payment this app never created.
 */
export interface Seen {
  method: string;
  path: string;
  token: string | undefined;
  body: unknown;
}
export type FakePayment = Record<string, unknown> & { id: string; status: string };

export interface FakeAsaas {
  /** The API base, as ASAAS_API_URL: http://127.0.0.1:PORT/api/v3 */
  url: string;
  seen: Seen[];
  payments: Record<string, FakePayment>;
  /** Answers to give before the normal one, e.g. a 503 to test a retry. */
  failNext: { status: number; body: unknown }[];
  /** Every call answers 503 while true (Asaas down). */
  down: boolean;
  reset(): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function startFakeAsaas({
  apiKey,
  port = 0,
}: {
  apiKey: string;
  port?: number;
}): Promise<FakeAsaas> {
  const fake: FakeAsaas = {
    url: "",
    seen: [],
    payments: {},
    failNext: [],
    down: false,
    reset() {
      fake.seen = [];
      fake.payments = {};
      fake.failNext = [];
      fake.down = false;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const u = new URL(req.url ?? "/", "http://x");
    if (u.pathname === "/healthz") return send(res, 200, { ok: true });
    if (u.pathname.startsWith("/__control/")) return control(u.pathname, req.method ?? "", raw, res);
    fake.seen.push({
      method: req.method ?? "",
      path: u.pathname + u.search,
      token: req.headers["access_token"] as string | undefined,
      body: raw ? JSON.parse(raw) : undefined,
    });
    if (fake.down) return send(res, 503, {});
    if (req.headers["access_token"] !== apiKey) return send(res, 401, {});
    const fail = fake.failNext.shift();
    if (fail) return send(res, fail.status, fail.body);
    const parts = u.pathname
      .replace(/^\/api/, "")
      .split("/")
      .filter(Boolean); // v3, payments, id, ...
    if (parts[0] !== "v3") return send(res, 404, {});
    if (parts[1] === "customers" && req.method === "GET") return send(res, 200, { data: [] });
    if (parts[1] === "customers" && req.method === "POST") return send(res, 200, { id: "cus_1" });
    if (parts[1] === "myAccount") return send(res, 200, { general: "APPROVED" });
    if (parts[1] !== "payments") return send(res, 404, {});
    if (parts.length === 2 && req.method === "GET") {
      const ref = u.searchParams.get("externalReference");
      return send(res, 200, {
        data: Object.values(fake.payments).filter((p) => p.externalReference === ref),
      });
    }
    if (parts.length === 2 && req.method === "POST") {
      const body = JSON.parse(raw) as Record<string, unknown>;
      const id = `pay_${Object.keys(fake.payments).length + 1}`;
      fake.payments[id] = {
        ...body,
        id,
        status: "PENDING",
        invoiceUrl: `https://sandbox.asaas.com/i/${id}`,
      };
      return send(res, 200, fake.payments[id]);
    }
    const p = fake.payments[parts[2]];
    if (!p) return send(res, 404, { errors: [{ code: "not_found", description: "Cobrança inexistente." }] });
    // Asaas changes, cancels or marks received only a payment still waiting for payment, and
    // refunds only one received; anything else is a 400 with its errors (docs.asaas.com).
    const awaiting = !p.deleted && (p.status === "PENDING" || p.status === "OVERDUE");
    const refuse = (description: string) =>
      send(res, 400, { errors: [{ code: "invalid_action", description }] });
    if (parts[3] === "pixQrCode")
      return send(res, 200, { encodedImage: "iVBORw0K", payload: `000201-${p.id}-${String(p.value)}` });
    if (parts[3] === "refund" && req.method === "POST") {
      if (p.status !== "RECEIVED" && p.status !== "CONFIRMED")
        return refuse("Cobrança não pode ser estornada.");
      p.status = "REFUNDED";
      return send(res, 200, p);
    }
    if (parts[3] === "receiveInCash" && req.method === "POST") {
      if (!awaiting)
        return refuse("Só é possível confirmar o recebimento de uma cobrança aguardando pagamento.");
      const body = JSON.parse(raw) as { paymentDate: string; value: number };
      Object.assign(p, {
        status: "RECEIVED_IN_CASH",
        value: body.value,
        paymentDate: body.paymentDate,
        clientPaymentDate: body.paymentDate,
      });
      return send(res, 200, p);
    }
    if (parts.length === 3 && req.method === "POST") {
      if (!awaiting) return refuse("Só é possível alterar uma cobrança aguardando pagamento.");
      Object.assign(p, JSON.parse(raw) as Record<string, unknown>);
      return send(res, 200, p);
    }
    if (req.method === "DELETE") {
      if (!awaiting) return refuse("Só é possível remover uma cobrança aguardando pagamento.");
      p.deleted = true;
      return send(res, 200, { deleted: true, id: p.id });
    }
    return send(res, 200, p);
  }

  function control(path: string, method: string, raw: string, res: ServerResponse) {
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    if (path === "/__control/payments") return send(res, 200, Object.values(fake.payments));
    if (path === "/__control/down" && method === "POST") {
      fake.down = body.down === true;
      return send(res, 200, { down: fake.down });
    }
    if (path === "/__control/status" && method === "POST") {
      const p = fake.payments[String(body.id)];
      if (!p) return send(res, 404, {});
      Object.assign(p, body.fields ?? {}, { status: String(body.status) });
      return send(res, 200, p);
    }
    return send(res, 404, {});
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`;
  return fake;
}

// As a process: FAKE_ASAAS_PORT and FAKE_ASAAS_KEY; answers GET /healthz when ready.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const fake = await startFakeAsaas({
    apiKey: process.env.FAKE_ASAAS_KEY ?? "chave-e2e",
    port: Number(process.env.FAKE_ASAAS_PORT ?? 0),
  });
  console.log(`fake Asaas on ${fake.url}`);
}
