import { describe, expect, it } from "vitest";
import { SubscriptionSchema } from "~/modules/clients/clients.schema";
import { FollowUpSchema, toSaoPauloInput } from "~/modules/leads/leads.schema";
import { PayoutFormSchema } from "~/modules/payouts/payouts.schema";
import {
  isoToBrDate,
  localToBrDateTime,
  maskBrDate,
  maskBrDateTime,
  parseBrDate,
  parseBrDateTime,
} from "./dates";

describe("dates typed as dd/mm/aaaa", () => {
  it("parses dd/mm/aaaa and ISO to ISO, and refuses impossible dates", () => {
    expect(parseBrDate("31/01/2026")).toBe("2026-01-31");
    expect(parseBrDate(" 1/2/2026 ")).toBe("2026-02-01");
    expect(parseBrDate("2026-01-31")).toBe("2026-01-31");
    // Not read the American way: 01/31/2026 is no date.
    expect(parseBrDate("01/31/2026")).toBeNull();
    expect(parseBrDate("29/02/2025")).toBeNull();
    expect(parseBrDate("31/04/2026")).toBeNull();
    expect(parseBrDate("31/01/26")).toBeNull();
    expect(parseBrDate("")).toBeNull();
  });

  it("shows ISO as dd/mm/aaaa and masks while typing", () => {
    expect(isoToBrDate("2026-01-31")).toBe("31/01/2026");
    expect(maskBrDate("3")).toBe("3");
    expect(maskBrDate("310")).toBe("31/0");
    expect(maskBrDate("31012026")).toBe("31/01/2026");
    expect(maskBrDate("310120269")).toBe("31/01/2026");
    expect(maskBrDate("2026-01-31")).toBe("31/01/2026");
  });

  it("the subscription form accepts dd/mm/aaaa and stores ISO", () => {
    const planId = "00000000-0000-4000-8000-000000000001";
    const ok = SubscriptionSchema.parse({ planId, startDate: "31/01/2026", renewalType: "mensal" });
    expect(ok.startDate).toBe("2026-01-31");
    const bad = SubscriptionSchema.safeParse({ planId, startDate: "01/31/2026", renewalType: "mensal" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe("Informe uma data de início válida.");
  });
});

describe("date and time typed as dd/mm/aaaa hh:mm (the follow-up)", () => {
  it("parses the Brazilian form, a date alone and datetime-local; refuses impossible ones", () => {
    expect(parseBrDateTime("23/11/2026 14:30")).toBe("2026-11-23T14:30");
    expect(parseBrDateTime("1/2/2026 8:05")).toBe("2026-02-01T08:05");
    expect(parseBrDateTime("23/11/2026")).toBe("2026-11-23T09:00");
    expect(parseBrDateTime("2026-11-23T14:30")).toBe("2026-11-23T14:30");
    // Not read the American way, and no 24:00 or 31 of April.
    expect(parseBrDateTime("11/23/2026 14:30")).toBeNull();
    expect(parseBrDateTime("23/11/2026 24:00")).toBeNull();
    expect(parseBrDateTime("31/04/2026 10:00")).toBeNull();
    expect(parseBrDateTime("2026-02-30T10:00")).toBeNull();
    expect(parseBrDateTime("amanhã")).toBeNull();
  });

  it("masks while typing and shows a saved value the same way", () => {
    expect(maskBrDateTime("231120261430")).toBe("23/11/2026 14:30");
    expect(maskBrDateTime("231120261")).toBe("23/11/2026 1");
    expect(maskBrDateTime("2026-11-23T14:30")).toBe("23/11/2026 14:30");
    expect(localToBrDateTime("2026-11-23T14:30")).toBe("23/11/2026 14:30");
  });

  it("the follow-up field stores São Paulo time and says what it expects", () => {
    expect(FollowUpSchema.parse({ nextContactAt: "23/11/2026 14:30" }).nextContactAt?.toISOString()).toBe(
      "2026-11-23T17:30:00.000Z",
    );
    expect(toSaoPauloInput(new Date("2026-11-23T17:30:00.000Z"))).toBe("23/11/2026 14:30");
    expect(FollowUpSchema.parse({ nextContactAt: "" }).nextContactAt).toBeNull();
    const bad = FollowUpSchema.safeParse({ nextContactAt: "11/23/2026 14:30" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe("Informe a data e a hora no formato dd/mm/aaaa hh:mm.");
  });
});

describe("the payout date", () => {
  it("is typed dd/mm/aaaa and stored as ISO; the American reading is refused", () => {
    const base = { referralIds: ["00000000-0000-4000-8000-000000000001"], method: "pix" };
    expect(PayoutFormSchema.parse({ ...base, paidOn: "20/11/2026" }).paidOn).toBe("2026-11-20");
    expect(PayoutFormSchema.parse({ ...base, paidOn: "2026-11-20" }).paidOn).toBe("2026-11-20");
    expect(PayoutFormSchema.safeParse({ ...base, paidOn: "11/20/2026" }).success).toBe(false);
  });
});
