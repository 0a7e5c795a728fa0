import { describe, expect, it } from "vitest";
import { likeContains, parseListParams, withParams } from "./list-params";

describe("list params", () => {
  const opts = {
    sorts: ["created_at", "name"] as const,
    defaultSort: "created_at" as const,
    statuses: ["ativo", "inativo"] as const,
  };
  it("falls back to defaults for anything not allow-listed", () => {
    const p = parseListParams(
      new URL("http://x/?sort=name;drop table x&dir=sideways&status=hack&page=-4"),
      opts,
    );
    expect(p).toMatchObject({ sort: "created_at", dir: "desc", status: null, page: 1, offset: 0 });
  });
  it("keeps valid values", () => {
    const p = parseListParams(new URL("http://x/?q=%20Ana%20&sort=name&dir=asc&status=ativo&page=3"), opts);
    expect(p).toMatchObject({ q: "Ana", sort: "name", dir: "asc", status: "ativo", page: 3, offset: 40 });
  });
  it("escapes LIKE wildcards and builds URLs", () => {
    expect(likeContains("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(withParams("?q=a&page=3", { sort: "name" })).toBe("?q=a&sort=name");
    expect(withParams("?q=a", { q: null, page: 2 })).toBe("?page=2");
  });
});
