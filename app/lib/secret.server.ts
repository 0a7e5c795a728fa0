import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
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

const SEAL_PREFIX = "v1:";

function sealKey(): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret(), "cardapio-digital", "sealed-secrets", 32));
}

/**
 * Encrypts a secret we must be able to read back (a webhook's signing key) with AES-256-GCM
 * under a key derived from the app secret: a database dump alone does not reveal it.
 */
export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return SEAL_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64url");
}

/** The plain secret, or null when it was sealed under another app secret (or tampered with). */
export function openSecret(sealed: string): string | null {
  if (!sealed.startsWith(SEAL_PREFIX)) return null;
  try {
    const raw = Buffer.from(sealed.slice(SEAL_PREFIX.length), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", sealKey(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
