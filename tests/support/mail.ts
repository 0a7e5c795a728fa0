import { expect } from "@playwright/test";
import { mailSink } from "./mail-ports";
import type { ReceivedMail } from "./smtp";

export type SinkMail = Omit<ReceivedMail, "headers">;

/** Every message the E2E mail server has received so far. */
export async function receivedMail(): Promise<SinkMail[]> {
  const res = await fetch(`http://127.0.0.1:${mailSink().httpPort}/messages`);
  return (await res.json()) as SinkMail[];
}

/** Waits (polling) for the messages that match, and returns them once there are `count`. */
export async function waitForMail(match: (m: SinkMail) => boolean, { count = 1, timeout = 20_000 } = {}) {
  let found: SinkMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await receivedMail()).filter(match);
        return found.length;
      },
      { timeout, intervals: [200, 300, 500] },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** The first absolute link in an HTML body that starts with `prefix`. */
export function linkIn(html: string, prefix: string): string {
  const m = [...html.matchAll(/href="([^"]+)"/g)]
    .map((x) => x[1].replaceAll("&amp;", "&"))
    .find((h) => h.startsWith(prefix));
  if (!m) throw new Error(`no link starting with ${prefix}`);
  return m;
}

/** Makes the E2E mail server refuse (550) or accept again one recipient. */
export async function refuseRecipient(address: string, refused = true) {
  const path = refused ? "refuse" : "accept";
  const res = await fetch(
    `http://127.0.0.1:${mailSink().httpPort}/${path}?address=${encodeURIComponent(address)}`,
    { method: "POST" },
  );
  if (!res.ok) throw new Error(`mail sink answered ${res.status}`);
}
