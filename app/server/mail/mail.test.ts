import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { mailMessages } from "~/db/schema";
import { useTestDatabase } from "../../../tests/support/db";
import { listMail, type MailListRow } from "./mail.server";

const t = useTestDatabase();

describe("mail log list", () => {
  it("pages newest first through every message exactly once, ties on time included", async () => {
    const base = Date.UTC(2026, 0, 1);
    await t.db.insert(mailMessages).values(
      Array.from({ length: 60 }, (_, i) => ({
        kind: "teste",
        toAddress: `d${i}@x.dev`,
        subject: `S${i}`,
        html: "<p>x</p>",
        text: "x",
        // Groups of three share the same instant: the id breaks the tie.
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
        status: i % 4 === 0 ? ("falhou" as const) : ("enviado" as const),
      })),
    );
    const seen: MailListRow[] = [];
    let before: Parameters<typeof listMail>[0]["before"];
    for (let pages = 0; pages < 10; pages++) {
      const page = await listMail({ before, limit: 25 });
      seen.push(...page.rows);
      if (!page.next) break;
      before = page.next;
    }
    expect(seen).toHaveLength(60);
    expect(new Set(seen.map((r) => r.id)).size).toBe(60);
    const times = seen.map((r) => r.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const failed = await listMail({ status: "falhou", limit: 100 });
    expect(failed.rows).toHaveLength(15);
    expect(failed.next).toBeNull();
    // Lists never carry the bodies.
    expect(Object.keys(failed.rows[0])).not.toContain("html");
  });

  it("pages exactly through rows created within the same millisecond (microseconds differ)", async () => {
    // PostgreSQL keeps microseconds; a JavaScript Date does not. Ten rows inside one millisecond
    // (plus two sharing the exact same microsecond): a cursor made from a Date would skip them.
    const kind = "same-ms";
    await t.db.insert(mailMessages).values(
      Array.from({ length: 12 }, (_, i) => ({
        kind,
        toAddress: `ms${i}@x.dev`,
        subject: `M${i}`,
        html: "<p>x</p>",
        text: "x",
        status: "falhou" as const,
        createdAt: sql`${`2027-03-04T05:06:07.123${String(Math.min(i, 10) * 50 + 1).padStart(3, "0")}Z`}::timestamptz`,
      })),
    );
    const seen: string[] = [];
    let before: Parameters<typeof listMail>[0]["before"];
    for (let pages = 0; pages < 20; pages++) {
      const page = await listMail({ status: "falhou", before, limit: 2 });
      seen.push(
        ...page.rows.filter((r) => r.toAddress.startsWith("ms")).map((r) => r.toAddress.split("@")[0]),
      );
      if (!page.next) break;
      before = page.next;
    }
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
    // Newest first: ms10 and ms11 share the newest instant, then ms9 … ms0.
    expect(seen.slice(2)).toEqual(["ms9", "ms8", "ms7", "ms6", "ms5", "ms4", "ms3", "ms2", "ms1", "ms0"]);
    expect(new Set(seen.slice(0, 2))).toEqual(new Set(["ms10", "ms11"]));
  });

  it("a cursor whose row is gone gives an empty page, not an error", async () => {
    const page = await listMail({ before: "00000000-0000-4000-8000-000000000000", limit: 5 });
    expect(page.rows).toEqual([]);
    expect(page.next).toBeNull();
  });
});
