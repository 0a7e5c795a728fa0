// An outgoing POST (webhooks) is bounded in time and size, so a slow or endless
// receiver cannot hold a worker past its job's expiry.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RESPONSE_BYTES, postTo, resolvePublicTarget } from "./safe-post.server";

let server: Server;
let base = "";
const closed: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.on("close", () => closed.push(req.url ?? ""));
      if (req.url === "/trickle") {
        // One byte every 50 ms, forever: never idle long enough for the idle timeout.
        res.writeHead(200);
        const timer = setInterval(() => res.write("."), 50);
        res.on("close", () => clearInterval(timer));
      } else if (req.url === "/huge") {
        // An endless answer: 64 KB chunks until the client hangs up.
        res.writeHead(500);
        const chunk = "x".repeat(64 * 1024);
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once("drain", pump);
        };
        pump();
      } else {
        res.writeHead(201).end("criado");
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const target = (path: string) => resolvePublicTarget(`${base}${path}`, { allowPrivate: true });

describe("postTo", () => {
  it("returns the status and the short answer", async () => {
    expect(await postTo(await target("/ok"), "{}", {})).toEqual({ status: 201, body: "criado" });
  });

  it("gives up at the overall deadline even when bytes keep arriving", async () => {
    const started = Date.now();
    await expect(
      postTo(await target("/trickle"), "{}", {}, { timeoutMs: 1_000, deadlineMs: 400 }),
    ).rejects.toThrow("sem resposta completa em 0.4 s");
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect.poll(() => closed.includes("/trickle")).toBe(true);
  });

  it("reads at most a few KB of an endless answer and hangs up", async () => {
    const res = await postTo(await target("/huge"), "{}", {}, { deadlineMs: 5_000 });
    expect(res.status).toBe(500);
    expect(res.body).toHaveLength(MAX_RESPONSE_BYTES);
    expect(MAX_RESPONSE_BYTES).toBeLessThanOrEqual(4096);
    await expect.poll(() => closed.includes("/huge")).toBe(true);
  });
});
