import { describe, expect, it } from "vitest";
import { addDays, addMonths, daysBetween, isValidIsoDate, todayInSaoPaulo } from "./dates";
import {
  centsToInput,
  formatDate,
  formatDateTime,
  formatIsoDate,
  formatMoney,
  parseMoneyToCents,
  formatWaited,
} from "./format";
import { isValidBrazilianPhone, maskPhone } from "./phone";
import { slugify } from "./slug";
import { whatsappLink, whatsappNumber } from "./whatsapp";
import { parseEnv, resetEnvCache, TEST_CLOCK_REFUSED } from "./env.server";

const nbsp = (s: string) => s.replace(/\u00a0/g, " ");

describe("money", () => {
  it("formats cents as pt-BR reais", () => {
    expect(nbsp(formatMoney(1990))).toBe("R$ 19,90");
    expect(nbsp(formatMoney(123456))).toBe("R$ 1.234,56");
    expect(nbsp(formatMoney(0))).toBe("R$ 0,00");
  });
  it("parses both decimal styles exactly", () => {
    expect(parseMoneyToCents("19,90")).toBe(1990);
    expect(parseMoneyToCents("19.90")).toBe(1990);
    expect(parseMoneyToCents("1.234,56")).toBe(123456);
    expect(parseMoneyToCents("R$ 10")).toBe(1000);
    expect(parseMoneyToCents("0.1")).toBe(10);
    expect(parseMoneyToCents("1.000")).toBe(100000);
  });
  it("fills a money field as a person types it, and reads it back", () => {
    for (const cents of [23890, 1990, 5, 0, 123456789]) {
      expect(centsToInput(cents)).not.toContain(".");
      expect(parseMoneyToCents(centsToInput(cents))).toBe(cents);
    }
    expect(centsToInput(23890)).toBe("238,90");
  });
  it("refuses negative, non-numeric and over-precise amounts", () => {
    for (const bad of ["-1", "abc", "", "1,999", "1e3", "NaN", " ", "10,00,0"]) {
      expect(parseMoneyToCents(bad), bad).toBeNull();
    }
  });
});

describe("dates in São Paulo", () => {
  it("uses São Paulo's calendar day, not UTC", () => {
    // 02:00 UTC on 1 March is still 28 February in São Paulo (UTC-3).
    expect(todayInSaoPaulo(new Date("2026-03-01T02:00:00Z"))).toBe("2026-02-28");
    expect(todayInSaoPaulo(new Date("2026-03-01T03:00:00Z"))).toBe("2026-03-01");
    expect(formatDate("2026-03-01T02:00:00Z")).toBe("28/02/2026");
    expect(formatDateTime("2026-03-01T02:30:00Z")).toBe("28/02/2026, 23:30");
  });
  it("adds months clamping to the month end", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2026-03-31", 3)).toBe("2026-06-30");
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2024-02-29", 12)).toBe("2025-02-28");
    expect(addMonths("2026-11-15", 1)).toBe("2026-12-15");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
  });
  it("counts days and validates ISO dates", () => {
    expect(daysBetween("2026-01-30", "2026-02-02")).toBe(3);
    expect(daysBetween("2026-02-02", "2026-01-30")).toBe(-3);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(isValidIsoDate("2026-02-29")).toBe(false);
    expect(isValidIsoDate("2024-02-29")).toBe(true);
    expect(isValidIsoDate("31/01/2026")).toBe(false);
    expect(formatIsoDate("2026-01-31")).toBe("31/01/2026");
  });
});

describe("phone", () => {
  it("masks while typing", () => {
    expect(maskPhone("1")).toBe("(1");
    expect(maskPhone("119")).toBe("(11) 9");
    expect(maskPhone("1133334444")).toBe("(11) 3333-4444");
    expect(maskPhone("11999998888")).toBe("(11) 99999-8888");
    expect(maskPhone("11999998888777")).toBe("(11) 99999-8888");
    expect(maskPhone("abc")).toBe("");
  });
  it("validates the spec's formats", () => {
    expect(isValidBrazilianPhone("(11) 99999-8888")).toBe(true);
    expect(isValidBrazilianPhone("(11) 3333-4444")).toBe(true);
    expect(isValidBrazilianPhone("11999998888")).toBe(true);
    expect(isValidBrazilianPhone("1199999888")).toBe(true);
    expect(isValidBrazilianPhone("119999988")).toBe(false);
    expect(isValidBrazilianPhone("(11)99999-8888")).toBe(false);
  });
});

describe("slug", () => {
  it("follows the spec's rule with accents folded", () => {
    expect(slugify("Como Montar um Cardápio Digital!")).toBe("como-montar-um-cardapio-digital");
    expect(slugify("  Delivery -- sem   comissão ")).toBe("delivery-sem-comissao");
    expect(slugify("Ação & Reação: 100%")).toBe("acao-reacao-100");
    expect(slugify("!!!")).toBe("");
  });
});

describe("whatsapp", () => {
  it("uses digits only and adds 55 to national numbers", () => {
    expect(whatsappNumber("(11) 99999-8888")).toBe("5511999998888");
    expect(whatsappNumber("+55 11 99999-8888")).toBe("5511999998888");
    expect(whatsappNumber("(55) 3333-4444")).toBe("555533334444");
    expect(whatsappNumber("sem número")).toBeNull();
    expect(whatsappLink("11 99999-8888", "Olá, tudo bem?")).toBe(
      "https://wa.me/5511999998888?text=Ol%C3%A1%2C%20tudo%20bem%3F",
    );
  });
});

describe("env", () => {
  it("has defaults that need no .env", () => {
    const e = parseEnv({});
    expect(e.PORT).toBe(3000);
    expect(e.DATA_DIR).toBe(".data");
    expect(e.DATABASE_URL).toBeUndefined();
  });
  it("stops with a clear message on a bad value", () => {
    expect(() => parseEnv({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "not a url" })).toThrow(/Configuração inválida/);
  });
  it("refuses the test clock with NODE_ENV=production or an https BASE_URL, saying why", () => {
    for (const source of [
      { TEST_CLOCK_CONTROL: "1", NODE_ENV: "production" },
      { TEST_CLOCK_CONTROL: "true", BASE_URL: "https://loja.example" },
      { TEST_CLOCK_CONTROL: "1", NODE_ENV: "development", BASE_URL: "HTTPS://loja.example" },
    ])
      expect(() => parseEnv(source), JSON.stringify(source)).toThrow(TEST_CLOCK_REFUSED);
    // The E2E server: no NODE_ENV, a loopback http BASE_URL.
    expect(parseEnv({ TEST_CLOCK_CONTROL: "1", BASE_URL: "http://127.0.0.1:3310" }).TEST_CLOCK_CONTROL).toBe(
      true,
    );
    expect(parseEnv({ NODE_ENV: "production", BASE_URL: "https://loja.example" }).TEST_CLOCK_CONTROL).toBe(
      false,
    );
  });
  it("the server does not start with the test clock on in production", async () => {
    const nodeEnv = process.env.NODE_ENV;
    Object.assign(process.env, { TEST_CLOCK_CONTROL: "1", NODE_ENV: "production" });
    resetEnvCache();
    try {
      const { boot } = await import("~/boot.server");
      await expect(boot()).rejects.toThrow(TEST_CLOCK_REFUSED);
    } finally {
      delete process.env.TEST_CLOCK_CONTROL;
      process.env.NODE_ENV = nodeEnv;
      resetEnvCache();
    }
  });
  it("runs migrations on start, serves no metrics and waits 20 s on SIGTERM unless told otherwise", () => {
    const e = parseEnv({});
    expect(e.MIGRATE_ON_START).toBe(true);
    expect(e.METRICS_TOKEN).toBeUndefined();
    expect(e.METRICS_PORT).toBeUndefined();
    expect(e.SHUTDOWN_TIMEOUT_SECONDS).toBe(20);
    expect(parseEnv({ MIGRATE_ON_START: "false", METRICS_PORT: "9464" })).toMatchObject({
      MIGRATE_ON_START: false,
      METRICS_PORT: 9464,
    });
  });
  it("refuses a weak metrics token, a metrics port that is the app's, and unknown switches", () => {
    expect(() => parseEnv({ METRICS_TOKEN: "curto" })).toThrow(/METRICS_TOKEN precisa ter pelo menos 16/);
    expect(() => parseEnv({ METRICS_TOKEN: "um token com espaços dentro" })).toThrow(/METRICS_TOKEN/);
    expect(() => parseEnv({ PORT: "3000", METRICS_PORT: "3000" })).toThrow(
      /METRICS_PORT precisa ser diferente/,
    );
    expect(() => parseEnv({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT precisa ser uma porta/);
    expect(() => parseEnv({ MIGRATE_ON_START: "talvez" })).toThrow(/MIGRATE_ON_START/);
    expect(() => parseEnv({ SHUTDOWN_TIMEOUT_SECONDS: "0" })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });
});

describe("safeHttpUrl", () => {
  it("keeps http(s) and root-relative URLs only", async () => {
    const { safeHttpUrl } = await import("./safe-url");
    expect(safeHttpUrl("https://exemplo.com/a.png")).toBe("https://exemplo.com/a.png");
    expect(safeHttpUrl("/images/blog/x.svg")).toBe("/images/blog/x.svg");
    for (const bad of [
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "data:image/svg+xml,<svg>",
      "//evil.com/x",
      "vbscript:x",
      "",
      null,
    ]) {
      expect(safeHttpUrl(bad), String(bad)).toBeNull();
    }
  });
});

describe("time waited", () => {
  it("says hours up to two days, then days, never a fixed threshold", () => {
    expect(formatWaited(1)).toBe("1 hora");
    expect(formatWaited(20.7)).toBe("20 horas");
    expect(formatWaited(25)).toBe("25 horas");
    expect(formatWaited(47)).toBe("47 horas");
    expect(formatWaited(48)).toBe("2 dias");
    expect(formatWaited(5 * 24 + 3)).toBe("5 dias");
  });
});
