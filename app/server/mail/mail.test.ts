import { describe, expect, it } from "vitest";
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
});
