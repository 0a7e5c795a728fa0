import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "./env.server";

let secret: string | undefined;

/**
 * The auth/cookie signing secret: AUTH_SECRET when set; otherwise generated once and kept in
 * DATA_DIR so sessions survive restarts (embedded mode). Several instances must share AUTH_SECRET.
 */
export function appSecret(): string {
  if (secret) return secret;
  const e = env();
  if (e.AUTH_SECRET) return (secret = e.AUTH_SECRET);
  const file = path.resolve(e.DATA_DIR, "auth-secret");
  if (existsSync(file)) {
    secret = readFileSync(file, "utf8").trim();
  } else {
    mkdirSync(path.dirname(file), { recursive: true });
    secret = randomBytes(32).toString("hex");
    writeFileSync(file, secret, { mode: 0o600 });
  }
  return secret;
}
