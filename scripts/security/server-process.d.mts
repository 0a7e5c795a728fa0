import type { ChildProcess } from "node:child_process";

export const ROOT: string;
export const TEST_ADMIN: { email: string; password: string };
export interface ServerHandle {
  url: string;
  proc: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
export function waitHealthy(url: string, timeoutMs?: number, proc?: ChildProcess): Promise<void>;
export function startServer(opts: {
  port: number;
  env?: Record<string, string>;
  wait?: boolean;
  timeoutMs?: number;
}): Promise<ServerHandle>;
export function pgliteDataDir(port: number): Promise<string>;
export function scratchPostgres(
  adminUrl: string,
  prefix?: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }>;
export function loginCookie(
  url: string,
  creds: { email: string; password: string },
  kind?: "admin" | "representative",
): Promise<string>;
export function registerRepresentative(
  url: string,
  rep: { name: string; email: string; password: string },
): Promise<number>;
