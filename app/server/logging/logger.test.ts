// An error log line must never carry a link's token: sign-in, e-mail-change, invitation and reset
// links hold it in the query string. The lines are captured where the real logger writes them
// (its output stream), as JSON, with the configuration the server runs.
import pino from "pino";
import { createStaticHandler, isRouteErrorResponse } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";
import * as emailConfirm from "~/routes/cliente/email-confirmar";
import { baseLogger, log, runWithRequestContext, withoutQuery } from "./logger.server";

const TOKEN = "tok3n-que-nao-pode-vazar_AbC123";
let lines: string[] = [];
let level = "";

beforeEach(() => {
  const logger = baseLogger();
  level = logger.level;
  logger.level = "info";
  lines = [];
  const stream = (logger as unknown as Record<symbol, { write(s: string): boolean }>)[pino.symbols.streamSym];
  vi.spyOn(stream, "write").mockImplementation((s: string) => {
    lines.push(s);
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  baseLogger().level = level;
});

/**
 * Serves `request` as React Router's server runtime does, through the route module given, and
 * hands every error to the app's handleError, as the runtime does for errors that reach a
 * boundary.
 */
async function serve(request: Request, route: { path: string; loader?: unknown; action?: unknown }) {
  const handler = createStaticHandler([{ id: "route", ...route } as never]);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error("expected a rendered answer");
  for (const error of Object.values(context.errors ?? {}))
    if (!isRouteErrorResponse(error) || (error as { error?: unknown }).error)
      handleError(error, { request, params: {}, context: {} as never });
  return context.statusCode;
}

describe("error logs", () => {
  it("an OPTIONS on an e-mail-change confirmation link logs the path, not the token", async () => {
    const url = `http://localhost:3000/cliente/email/confirmar?token=${TOKEN}`;
    const status = await runWithRequestContext("req-options", () =>
      serve(new Request(url, { method: "OPTIONS" }), { path: "/cliente/email/confirmar", ...emailConfirm }),
    );
    expect(status).toBe(405);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 50, msg: "unhandled", path: "/cliente/email/confirmar" });
    expect(lines[0]).not.toContain(TOKEN);
    expect(lines[0]).not.toContain("token=");
  });

  it("a loader that fails naming its URL, and React Router's own refusal naming it, keep no query", async () => {
    const url = `http://localhost:3000/cliente/entrar/confirmar?token=${TOKEN}&outro=1`;
    const failing = async ({ request }: { request: Request }) => {
      throw new Error(`falhou ao abrir ${request.url}`, { cause: new Error(`causa: ${request.url}`) });
    };
    expect(await serve(new Request(url), { path: "/cliente/entrar/confirmar", loader: failing })).toBe(500);
    // A POST to a route with no action: React Router's 405 names the URL it refused.
    const post = new Request(`${url}&_data=1`, { method: "POST", body: new URLSearchParams({ a: "1" }) });
    expect(await serve(post, { path: "/cliente/entrar/confirmar", loader: () => null })).toBe(405);
    expect(lines).toHaveLength(2);
    for (const text of lines) {
      expect(text).not.toContain(TOKEN);
      expect(JSON.parse(text)).toMatchObject({ path: "/cliente/entrar/confirmar" });
    }
    expect(lines[0]).toContain("falhou ao abrir http://localhost:3000/cliente/entrar/confirmar");
    expect(lines[0]).toContain("causa: http://localhost:3000/cliente/entrar/confirmar");
  });

  it("any error or url logged anywhere loses its query, whatever the logger call", () => {
    log.error({ err: new Error(`convite /admin/invite?token=${TOKEN} recusado`) }, "invite failed");
    log.warn({ url: `https://loja.example/admin/reset-password?token=${TOKEN}` }, "odd request");
    baseLogger().error(new Error(`/representante/redefinir-senha?token=${TOKEN}`));
    expect(lines).toHaveLength(3);
    for (const text of lines) expect(text).not.toContain(TOKEN);
    expect(lines[1]).toContain('"url":"https://loja.example/admin/reset-password"');
  });

  it("withoutQuery keeps the text around the URL and leaves a question without a URL alone", () => {
    expect(withoutQuery(`You made a POST request to "/cliente?token=${TOKEN}" but`)).toBe(
      'You made a POST request to "/cliente" but',
    );
    expect(withoutQuery("Tudo certo? Sim.")).toBe("Tudo certo? Sim.");
  });
});
