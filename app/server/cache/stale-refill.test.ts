import express from "express";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { settings } from "~/db/schema";
import { getSettings, invalidateSettingsCache } from "~/modules/settings/settings.server";
import { useTestDatabase } from "../../../tests/support/db";
import { clearPageCache, pageCacheMiddleware } from "./page-cache.server";
import { publicContentChanged } from "./public-content.server";

// A read of the settings that started before a save and answers after it (the save committed and
// cleared the caches meanwhile) must not put the old row back into the settings cache: every
// public page rendered afterwards would show the old settings and be cached as current.

const t = useTestDatabase();
let base = "";
let close: () => void;

async function setTitle(title: string) {
  await t.db
    .insert(settings)
    .values({ id: 1, title })
    .onConflictDoUpdate({ target: settings.id, set: { title } });
}

/** The next settings read gets its row from the database, then waits until `release()`. */
function holdNextSettingsRead() {
  const db = getDb();
  const select = db.select.bind(db);
  let release!: () => void;
  let readDone!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const read = new Promise<void>((r) => (readDone = r));
  vi.spyOn(db, "select").mockImplementationOnce(((...args: Parameters<typeof select>) => {
    const builder = select(...args);
    return {
      from: (table: typeof settings) => ({
        where: async (cond: Parameters<ReturnType<typeof builder.from>["where"]>[0]) => {
          const rows = await builder.from(table).where(cond);
          readDone();
          await gate;
          return rows;
        },
      }),
    };
  }) as never);
  return { read, release };
}

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(pageCacheMiddleware());
  // A public page that shows a setting, as the site's pages do (title, tracking IDs, SEO).
  app.get("/{*splat}", async (_req, res) => {
    const s = await getSettings();
    res.type("html").end(`<title>${s?.title ?? ""}</title>`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("settings saved while a page is being rendered", () => {
  it("the next page shows the new settings, not the row read before the save", async () => {
    await setTitle("Título antigo");
    invalidateSettingsCache();
    clearPageCache();

    // A visitor's page starts rendering and reads the settings (old title)…
    const held = holdNextSettingsRead();
    const slow = fetch(`${base}/contato`).then((r) => r.text());
    await held.read;
    // …meanwhile the admin saves (committed, then the change is announced)…
    await setTitle("Título novo");
    await publicContentChanged();
    // …and only then does the slow render finish, with what it read before.
    held.release();
    expect(await slow).toContain("Título antigo");

    // Every page asked for after the save shows the new title, now and from the cache.
    expect(await getSettings()).toMatchObject({ title: "Título novo" });
    expect(await (await fetch(`${base}/`)).text()).toContain("Título novo");
    expect(await (await fetch(`${base}/`)).text()).toContain("Título novo");
    expect(await (await fetch(`${base}/contato`)).text()).toContain("Título novo");
  });
});
