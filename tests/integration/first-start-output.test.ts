// Issue 27 item 7: the first `npm start` must leave the admin's credentials readable. The build
// runs quietly (one line before, one after; the whole output only on failure) and, on a
// terminal, the logs are short readable lines instead of JSON; JSON everywhere else.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { logFormat, prettyStream } from "~/server/logging/logger.server";
import { demoOperatorMessage } from "~/server/dev-data/demo-message";
// @ts-expect-error -- a plain .mjs script without types
import { ensureBuild } from "../../scripts/ensure-build.mjs";

type Ensure = (o: { dir: string; command?: string; print?: (s: string) => void }) => Promise<string>;
const ensure = ensureBuild as Ensure;

const node = JSON.stringify(process.execPath);
const noisyBuild = (code: number) =>
  `${node} -e "for (let i = 0; i < 240; i++) console.log('linha de build ' + i); console.error('aviso'); process.exit(${code})"`;

describe("ensure-build (npm start's prestart)", () => {
  it("builds a fresh clone quietly: one line before, one with the time, none of the build's", async () => {
    const printed: string[] = [];
    const dir = mkdtempSync(path.join(tmpdir(), "ensure-build-"));
    expect(await ensure({ dir, command: noisyBuild(0), print: (s) => printed.push(s) })).toBe("built");
    expect(printed).toHaveLength(2);
    expect(printed[0]).toMatch(/^Nenhum build encontrado: gerando o build de produção/);
    expect(printed[1]).toMatch(/^Build pronto em \d+ s\.$/);
    expect(printed.join("\n")).not.toContain("linha de build");
  });

  it("shows the build's whole output when it fails", async () => {
    const printed: string[] = [];
    const dir = mkdtempSync(path.join(tmpdir(), "ensure-build-"));
    await expect(ensure({ dir, command: noisyBuild(2), print: (s) => printed.push(s) })).rejects.toThrow(
      "build failed with code 2",
    );
    const all = printed.join("\n");
    expect(all).toContain("linha de build 0");
    expect(all).toContain("linha de build 239");
    expect(all).toContain("aviso");
    expect(printed.at(-1)).toBe("O build falhou (código 2); a saída completa está acima.");
  });

  it("does nothing when a build is there", async () => {
    const printed: string[] = [];
    const dir = mkdtempSync(path.join(tmpdir(), "ensure-build-"));
    mkdirSync(path.join(dir, "server"));
    mkdirSync(path.join(dir, "site-script"));
    writeFileSync(path.join(dir, "server/index.js"), "");
    writeFileSync(path.join(dir, "site-script/site.js"), "");
    writeFileSync(path.join(dir, "site-script/client-area.js"), "");
    expect(await ensure({ dir, command: noisyBuild(1), print: (s) => printed.push(s) })).toBe("present");
    expect(printed).toEqual([]);
  });
});

describe("log format", () => {
  it("is readable on a terminal and JSON for pipes, files, CI and production", () => {
    expect(logFormat({ isTTY: true }, {})).toBe("pretty");
    expect(logFormat({ isTTY: false }, {})).toBe("json");
    expect(logFormat({}, {})).toBe("json");
    expect(logFormat({ isTTY: true }, { CI: "true" })).toBe("json");
    expect(logFormat({ isTTY: true }, { NODE_ENV: "production" })).toBe("json");
    expect(logFormat({ isTTY: true }, { LOG_FORMAT: "json" })).toBe("json");
    expect(logFormat({ isTTY: false }, { LOG_FORMAT: "pretty" })).toBe("pretty");
  });

  it("writes a request as one short line, and other events with their message", () => {
    let out = "";
    const sink = new Writable({
      write(chunk, _enc, done) {
        out += String(chunk);
        done();
      },
    });
    const logger = pino({}, prettyStream(sink));
    logger.info({ reqId: "f3c1", method: "GET", path: "/planos", status: 200, ms: 3.1 });
    logger.warn({ origin: "https://outro.example" }, "cross-site request refused");
    const lines = out.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/planos 200 3\.1 ms$/);
    expect(lines[1]).toMatch(/WARN: cross-site request refused .*"origin":"https:\/\/outro\.example"/);
    expect(out).not.toContain("reqId");
  });
});

describe("demo data (first start)", () => {
  it("tells the operator how to open the client area as a demo client", () => {
    const text = demoOperatorMessage({
      representativeEmail: "rep@example.com",
      representativePassword: "s3nha",
    });
    expect(text).toContain("senha:  s3nha");
    expect(text).toContain("/cliente/entrar, informe fernanda@sushiyama.com.br");
    expect(text).toContain("/admin/emails");
  });

  it("says the link stays in the mail log only when no SMTP is configured", () => {
    const rep = { representativeEmail: "rep@example.com", representativePassword: "s3nha" };
    const without = demoOperatorMessage(rep, { smtp: false });
    expect(without).toContain("sem SMTP configurado, o link de acesso fica em /admin/emails");
    expect(demoOperatorMessage(rep)).toBe(without);

    const withSmtp = demoOperatorMessage(rep, { smtp: true });
    expect(withSmtp).not.toContain("sem SMTP");
    expect(withSmtp).toContain("/cliente/entrar, informe fernanda@sushiyama.com.br");
    expect(withSmtp).toContain("com SMTP configurado (SMTP_URL), o link de acesso é enviado por e-mail");
    expect(withSmtp).toContain("não fica no registro de e-mails");
    expect(withSmtp).toContain("/admin/clients");
  });
});
