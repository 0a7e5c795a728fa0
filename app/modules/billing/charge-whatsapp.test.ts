import { describe, expect, it } from "vitest";
import { chargeWhatsappLink, chargeWhatsappMessage } from "./charge-whatsapp";
import { pixCopiaECola } from "./pix-code";

const pixCode = pixCopiaECola({
  key: "financeiro@cardapio.dev",
  name: "Cardapio Digital",
  city: "Sao Paulo",
  amountCents: 123_456,
  txid: "2026-000042",
});
const charge = {
  clientName: "Ana Souza",
  number: "2026-000042",
  amountCents: 123_456,
  dueDate: "2026-07-05",
  pixCode,
};

describe("Cobrar pelo WhatsApp", () => {
  it("writes the amount in reais, the due date as dd/mm/aaaa and the copia e cola", () => {
    expect(chargeWhatsappMessage(charge)).toBe(
      `Olá, Ana Souza! Segue a cobrança 2026-000042 de R$\u00a01.234,56, com vencimento em 05/07/2026. ` +
        `PIX copia e cola: ${pixCode}`,
    );
  });

  it("links to the client's number on wa.me with the message encoded, the code intact after decoding", () => {
    const url = chargeWhatsappLink("(11) 99999-0000", charge)!;
    expect(url.startsWith("https://wa.me/5511999990000?text=")).toBe(true);
    // The key's "@", the message's spaces, commas and accents are percent-encoded.
    expect(url).not.toMatch(/[ @,áçã]/);
    expect(url).toContain("Ol%C3%A1%2C%20Ana%20Souza!");
    expect(new URL(url).searchParams.get("text")).toBe(chargeWhatsappMessage(charge));
  });

  it("gives no link when the client's phone has no digits", () => {
    expect(chargeWhatsappLink("sem telefone", charge)).toBeNull();
  });
});
