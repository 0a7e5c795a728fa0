import { describe, expect, it } from "vitest";
import { onPublicContentChanged, publicContentChanged, publicContentVersion } from "./public-content.server";

describe("public content changed (the event that breaks the cache ↔ settings cycle)", () => {
  it("bumps the version and runs every listener until it unsubscribes", async () => {
    const seen: string[] = [];
    const stopA = onPublicContentChanged(() => seen.push("a"));
    const stopB = onPublicContentChanged(() => seen.push("b"));
    const before = publicContentVersion();
    await publicContentChanged();
    expect(publicContentVersion()).toBe(before + 1);
    expect(seen).toEqual(["a", "b"]);
    stopA();
    await publicContentChanged();
    expect(seen).toEqual(["a", "b", "b"]);
    stopB();
  });

  it("without a database URL listens to nothing and stops cleanly", async () => {
    const { listenForPublicContentChanges } = await import("./public-content.server");
    const stop = await listenForPublicContentChanges({ databaseUrl: undefined });
    await expect(stop()).resolves.toBeUndefined();
  });
});
