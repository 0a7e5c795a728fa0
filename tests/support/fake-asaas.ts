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
 *
 * Tax invoices (NFS-e, decision 045): GET/POST /invoices, GET /invoices/{id}, POST
 * /invoices/{id}/authorize and /cancel, with Asaas's statuses (SCHEDULED → SYNCHRONIZED →
 * AUTHORIZED | ERROR; PROCESSING_CANCELLATION → CANCELED | CANCELLATION_DENIED). A test moves a note
 * with `setInvoice` (what the city hall would do) and builds the INVOICE_* webhook Asaas would send
 * with `invoiceEvent`; POST /__control/invoice {id, status, fields} does the same from another process.
 */
export interface Seen {
  method: string;
  path: string;
  token: string | undefined;
  body: unknown;
}
export type FakePayment = Record<string, unknown> & { id: string; status: string };
export type FakeInvoice = Record<string, unknown> & { id: string; status: string };

export interface FakeAsaas {
  /** The API base, as ASAAS_API_URL: http://127.0.0.1:PORT/api/v3 */
  url: string;
  seen: Seen[];
  payments: Record<string, FakePayment>;
  /** Customers by id (cus_1, cus_2…), as created and updated through the API. */
  customers: Record<string, Record<string, unknown>>;
  invoices: Record<string, FakeInvoice>;
  /** Changes a note as the city hall would (status and any field, e.g. number, pdfUrl). */
  setInvoice(id: string, status: string, fields?: Record<string, unknown>): FakeInvoice;
  /** The webhook body Asaas sends for a note (docs.asaas.com, "Eventos para notas fiscais"). */
  invoiceEvent(eventId: string, event: string, id: string): Record<string, unknown>;
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
    customers: {},
    invoices: {},
    failNext: [],
    down: false,
    setInvoice(id, status, fields = {}) {
      const i = fake.invoices[id];
      if (!i) throw new Error(`fake Asaas: no invoice ${id}`);
      return Object.assign(i, fields, { status });
    },
    invoiceEvent(eventId, event, id) {
      return { id: eventId, event, dateCreated: "2026-04-06 12:00:00", invoice: { ...fake.invoices[id] } };
    },
    reset() {
      fake.seen = [];
      fake.payments = {};
      fake.customers = {};
      fake.invoices = {};
      fake.failNext = [];
      fake.down = false;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };

  // GET /v3/customers?externalReference= lists; POST creates; PUT /v3/customers/{id} updates
  // (docs.asaas.com, "Clientes").
  function customers(parts: string[], method: string, u: URL, raw: string, res: ServerResponse) {
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    if (parts.length === 2 && method === "GET") {
      const ref = u.searchParams.get("externalReference");
      return send(res, 200, {
        data: Object.values(fake.customers).filter((c) => !ref || c.externalReference === ref),
      });
    }
    if (parts.length === 2 && method === "POST") {
      const id = `cus_${Object.keys(fake.customers).length + 1}`;
      fake.customers[id] = { object: "customer", id, ...body };
      return send(res, 200, fake.customers[id]);
    }
    const existing = fake.customers[parts[2] ?? ""];
    if (parts.length === 3 && method === "PUT" && existing) {
      Object.assign(existing, body);
      return send(res, 200, existing);
    }
    return send(res, 404, {});
  }

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
    if (parts[1] === "customers") return customers(parts, req.method ?? "", u, raw, res);
    if (parts[1] === "myAccount") return send(res, 200, { general: "APPROVED" });
    if (parts[1] === "invoices") return invoices(parts, req.method ?? "", u, raw, res);
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

  // Asaas answers a refused action with 400 and its errors, as for payments.
  function invoices(parts: string[], method: string, u: URL, raw: string, res: ServerResponse) {
    const refuse = (description: string) =>
      send(res, 400, { errors: [{ code: "invalid_action", description }] });
    if (parts.length === 2 && method === "GET") {
      const ref = u.searchParams.get("externalReference");
      return send(res, 200, {
        object: "list",
        data: Object.values(fake.invoices).filter((i) => ref === null || i.externalReference === ref),
      });
    }
    if (parts.length === 2 && method === "POST") {
      const body = JSON.parse(raw) as Record<string, unknown>;
      const payment = fake.payments[String(body.payment)];
      if (!payment) return refuse("Cobrança não encontrada.");
      if (!body.municipalServiceCode && !body.municipalServiceId && !body.municipalServiceName)
        return refuse("Informe o serviço municipal.");
      if (typeof body.value !== "number" || body.value <= 0) return refuse("Informe o valor da nota.");
      const id = `inv_${String(Object.keys(fake.invoices).length + 1).padStart(12, "0")}`;
      fake.invoices[id] = {
        object: "invoice",
        ...body,
        id,
        status: "SCHEDULED",
        customer: payment.customer ?? "cus_1",
        type: "NFS-e",
        statusDescription: null,
        pdfUrl: null,
        xmlUrl: null,
        rpsSerie: null,
        rpsNumber: null,
        number: null,
        validationCode: null,
      };
      return send(res, 200, fake.invoices[id]);
    }
    const i = fake.invoices[parts[2]];
    if (!i)
      return send(res, 404, { errors: [{ code: "not_found", description: "Nota fiscal inexistente." }] });
    if (parts[3] === "authorize" && method === "POST") {
      if (i.status !== "SCHEDULED" && i.status !== "ERROR")
        return refuse("Só é possível emitir uma nota agendada ou com erro.");
      return send(res, 200, Object.assign(i, { status: "SYNCHRONIZED", statusDescription: null }));
    }
    if (parts[3] === "cancel" && method === "POST") {
      if (i.status === "SCHEDULED" || i.status === "ERROR")
        return send(res, 200, Object.assign(i, { status: "CANCELED" }));
      if (i.status !== "AUTHORIZED") return refuse("Só é possível cancelar uma nota emitida.");
      return send(res, 200, Object.assign(i, { status: "PROCESSING_CANCELLATION" }));
    }
    if (parts.length === 3 && method === "GET") return send(res, 200, i);
    return send(res, 404, {});
  }

  function control(path: string, method: string, raw: string, res: ServerResponse) {
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    if (path === "/__control/invoice" && method === "POST") {
      if (!fake.invoices[String(body.id)]) return send(res, 404, {});
      return send(
        res,
        200,
        fake.setInvoice(String(body.id), String(body.status), (body.fields ?? {}) as Record<string, unknown>),
      );
    }
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
