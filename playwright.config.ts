import { defineConfig, devices } from "@playwright/test";
import os from "node:os";
import path from "node:path";
import { mailSink } from "./tests/support/mail-ports";

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `e2e-data-${port}`);
// The specs that move the server's clock get a server of their own, so they run beside the rest
// instead of alone after it (a moved clock changes "today" for every page its server renders).
const clockPort = port + 1;
const clockBaseURL = `http://localhost:${clockPort}`;
const MAIL_SINK = mailSink();
export const E2E_ADMIN = { email: "admin@e2e.dev", password: "admin-e2e-123" };

/** Name a spec `*.clock.spec.ts` when it moves the server's clock: it then runs on the clock server. */
const CLOCK_SPECS = /\.clock\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No retries, in CI too (issue 26): a test that passes only on a second try is a failure to fix,
  // not a pass. E2E_RETRIES=1 helps a local investigation; the summary then names such a test.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? "reports/e2e.json" }]],
  use: {
    baseURL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    // Recording a trace costs every test its screenshots and snapshots (~17 % of the suite's time
    // on two cores, issue 42), for the rare test that fails: a failure keeps a screenshot and the
    // error; E2E_TRACE=1 records traces again while investigating one.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // Toasts and dialogs appear without their entrance transitions (the app and sonner honour the
    // preference), so a check waits for what is shown, not for an animation to end (issue 42).
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: CLOCK_SPECS },
    // Specs that move the server's clock (/test-hooks/clock) change "today" for every page that
    // server renders: they have their own server and run one at a time, beside the other project
    // (a spec sharing their server would see a charge it just issued turn "Vencida" mid-test).
    {
      name: "clock",
      use: { ...devices["Desktop Chrome"], baseURL: clockBaseURL },
      testMatch: CLOCK_SPECS,
      workers: 1,
    },
  ],
  webServer: [
    {
      // A real SMTP server the app sends to; specs read what it got (tests/support/mail.ts).
      command: "node --import tsx tests/support/mail-sink.ts",
      url: `http://127.0.0.1:${MAIL_SINK.httpPort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        MAIL_SINK_SMTP_PORT: String(MAIL_SINK.smtpPort),
        MAIL_SINK_HTTP_PORT: String(MAIL_SINK.httpPort),
      },
    },
    appServer(port, dataDir, process.env.E2E_DATABASE_URL),
    // Always the embedded database: its own, whatever E2E_DATABASE_URL says for the other.
    appServer(clockPort, `${dataDir}-clock`),
  ],
});

/** An E2E app server: the production build on `port`, its own data, the E2E admin and mail sink. */
function appServer(port: number, dataDir: string, databaseUrl?: string) {
  const baseURL = `http://localhost:${port}`;
  return {
    command: "node server.mjs",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(port),
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: "warn",
      // E2E runs many logins from one address; the limits themselves are tested elsewhere.
      // Plans, posts and settings, without the demo business: the suites count from zero.
      SEED_DEMO: "content",
      RATE_LIMIT_LOGIN: "10000",
      RATE_LIMIT_REGISTER: "10000",
      RATE_LIMIT_CONTACT: "10000",
      RATE_LIMIT_PASSWORD_RESET: "10000",
      RATE_LIMIT_CLIENT_LINK: "10000",
      SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK.smtpPort}`,
      // /test-hooks/clock: billing's E2E moves the server's clock (404 without this).
      TEST_CLOCK_CONTROL: "1",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  };
}
