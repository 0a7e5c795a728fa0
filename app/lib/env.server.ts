import { z } from "~/lib/zod";

// Parsed once at boot; a bad value stops the server with a clear message (DESIGN §3 rule 6).
// Defaults make the embedded mode work with no .env at all.
const intFromEnv = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: intFromEnv(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: z.url().optional(),
  BASE_URL: z.url().optional(),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET precisa ter pelo menos 32 caracteres").optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  WHATSAPP_NUMBER: z
    .string()
    .regex(/\d{10,}/, "WHATSAPP_NUMBER precisa ter pelo menos 10 dígitos")
    .default("5511999999999"),
  DEMO_URL: z.url().default("https://demo.cardapio.digital"),
  // true: plans, posts, settings and, on a first start, the demo business; "content": without
  // the business (the E2E suites count from zero); false: nothing.
  SEED_DEMO: z
    .enum(["true", "false", "1", "0", "content"])
    .default("true")
    .transform((v) => (v === "content" ? "content" : v === "true" || v === "1")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // json | pretty; unset: readable lines on a terminal, JSON otherwise (logger.server.ts).
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  // Sign-in: FAILED attempts per window, per client address and per account (each role apart).
  RATE_LIMIT_LOGIN: intFromEnv(30),
  RATE_LIMIT_LOGIN_ACCOUNT: intFromEnv(10),
  RATE_LIMIT_LOGIN_WINDOW_SECONDS: intFromEnv(900),
  RATE_LIMIT_REGISTER: intFromEnv(5),
  RATE_LIMIT_CONTACT: intFromEnv(5),
  RATE_LIMIT_PASSWORD_RESET: intFromEnv(5),
  RATE_LIMIT_CLIENT_LINK: intFromEnv(5),
  RATE_LIMIT_WINDOW_SECONDS: intFromEnv(600),
  // Outgoing e-mail: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465. Unset:
  // messages are kept in the mail log (/admin/emails) with the status "sem SMTP".
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "SMTP_URL precisa começar com smtp:// ou smtps://")
    .optional(),
  // Sender of every e-mail. Default: "CardápioDigital <nao-responda@HOST-DO-BASE_URL>".
  MAIL_FROM: z.string().min(3).optional(),
  // false: this instance serves HTTP only and runs no background jobs (another instance does).
  WORKER: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  // Development and tests only: let webhooks reach loopback/private addresses (refused by default).
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  // E2E only (set by playwright.config.ts): /test-hooks/clock may move the server's clock and
  // run the billing jobs now. Unset or 0: that route answers 404 to everyone. Never in production.
  TEST_CLOCK_CONTROL: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  // Largest request body of the blog editor and the settings (413 above it), in bytes. Every
  // other form: 64 KB (app/server/http/body-limit.server.ts).
  MAX_BODY_BYTES: intFromEnv(5 * 1024 * 1024),
  // false: the server does not apply migrations on start; the deploy runs `npm run db:migrate`
  // as its own step, and an instance that finds migrations pending refuses to start.
  MIGRATE_ON_START: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  // Prometheus /metrics: off unless a token is set (then `Authorization: Bearer <token>`) or a
  // port of its own is given (app/server/metrics).
  METRICS_TOKEN: z
    .string()
    .min(16, "METRICS_TOKEN precisa ter pelo menos 16 caracteres")
    .regex(/^[\x21-\x7e]+$/, "METRICS_TOKEN não pode ter espaços nem acentos")
    .optional(),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1, "METRICS_PORT precisa ser uma porta entre 1 e 65535")
    .max(65535, "METRICS_PORT precisa ser uma porta entre 1 e 65535")
    .optional(),
  // SIGTERM: how long requests in flight and running jobs get to finish before the process
  // closes them (a job still running is handed back to the queue) and exits.
  SHUTDOWN_TIMEOUT_SECONDS: intFromEnv(20),
});

const CheckedEnvSchema = EnvSchema.refine((e) => e.METRICS_PORT === undefined || e.METRICS_PORT !== e.PORT, {
  path: ["METRICS_PORT"],
  message: "METRICS_PORT precisa ser diferente de PORT",
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export const TEST_CLOCK_REFUSED =
  "TEST_CLOCK_CONTROL liga o relógio de testes (/test-hooks/clock), que muda a data do servidor e roda as cobranças: só para os testes E2E. Ele não pode ser ligado com NODE_ENV=production nem com um BASE_URL https; desligue-o (remova TEST_CLOCK_CONTROL) para iniciar.";

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = CheckedEnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Configuração inválida no ambiente:\n${lines.join("\n")}`);
  }
  // Anyone the clock hook lets in could move a live business's dates and run its billing. Only
  // an explicit NODE_ENV=production counts here: unset, NODE_ENV defaults to production, and the
  // E2E server (which needs the hook) sets none.
  const e = result.data;
  if (e.TEST_CLOCK_CONTROL && (cleaned.NODE_ENV === "production" || /^https:/i.test(e.BASE_URL ?? "")))
    throw new Error(`Configuração inválida no ambiente:\n  - TEST_CLOCK_CONTROL: ${TEST_CLOCK_REFUSED}`);
  return e;
}

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** For tests: forget the parsed environment so the next call re-reads process.env. */
export function resetEnvCache() {
  cached = undefined;
}

export function baseUrl(): string {
  const e = env();
  return (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
}
