// Issue 28 items 2 and 3: the board fits a 1366 × 768 laptop (six columns, no sideways scroll, each
// column scrolls on its own), and the dashboard starts with "Hoje".
import { expect, test, type Page } from "@playwright/test";
import { expectNoA11yViolations, loginAsAdmin } from "../../support/e2e";
import { newLead } from "../../support/leads";
import { smallTouchTargets } from "../../support/touch-targets";

const column = (page: Page, label: string) => page.getByRole("region", { name: new RegExp(`^${label}`) });
const STAGES = ["Novos Leads", "Contatados", "Qualificados", "Em negociação", "Convertidos", "Perdidos"];

test("the board at 1366 × 768 shows all six columns without sideways scroll, and a column scrolls on its own", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1366, height: 768 });
  const leads = [];
  for (let i = 0; i < 5; i += 1) {
    // A fresh load of the landing each time (the same URL with #contato would not reload it).
    await page.goto("/blog");
    leads.push(await newLead(page, `Quadro ${i}`));
  }
  await loginAsAdmin(page);
  await page.goto("/admin/leads");
  for (const label of STAGES) {
    await expect(column(page, label)).toBeVisible();
    const box = (await column(page, label).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1366);
  }
  // Neither the page nor the board scrolls sideways.
  const page_ = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(page_).toBeLessThanOrEqual(0);
  const board = column(page, "Novos Leads").locator("..");
  expect(await board.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

  // The compact card: plan and monthly value, its actions in a compact row, the rest in one menu.
  const card = page.getByRole("article", { name: leads[0].name });
  await expect(card).toContainText(/Premium\s*R\$\s*[\d.,]+\/mês/);
  await expect(card.getByRole("button", { name: "Marcar como contatado" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Marcar como perdido" })).toBeVisible();
  await card.getByRole("button", { name: `Ações de ${leads[0].name}` }).click();
  await expect(page.getByRole("menuitem", { name: "WhatsApp" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Excluir lead" })).toBeVisible();
  await page.keyboard.press("Escape");

  // Novos Leads holds more cards than fit: its list scrolls, the page does not move.
  const list = page.locator("#coluna-novo-cartoes");
  expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await list.hover();
  await page.mouse.wheel(0, 400);
  await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

  // Convertidos and Perdidos are narrow until opened.
  const lost = column(page, "Perdidos");
  expect((await lost.boundingBox())!.width).toBeLessThan(80);
  await lost.getByRole("button", { name: "Abrir Perdidos" }).click();
  await expect(lost.getByRole("button", { name: "Recolher Perdidos" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expectNoA11yViolations(page);
});

test("the dashboard's 'Hoje' lists a follow-up due today and the leads waiting for a first contact", async ({
  page,
}) => {
  test.slow();
  const lead = await newLead(page, "Lead Hoje");
  await page.goto("/blog");
  await newLead(page, "Lead Esperando");
  await loginAsAdmin(page);
  await page.goto(`/admin/leads?q=${encodeURIComponent(lead.email)}`);
  await page.getByRole("article", { name: lead.name }).getByRole("link", { name: lead.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: lead.name })).toBeVisible();
  // Today at 23:30 in São Paulo (the browser runs in São Paulo's time zone).
  const [d, m, y] = new Date().toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" }).split("/");
  await page.getByLabel("Próximo contato").pressSequentially(`${d}${m}${y}2330`);
  await page.getByRole("button", { name: "Salvar próximo contato" }).click();
  await expect(page.getByText("Próximo contato salvo").first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/dashboard");
  const hoje = page.getByRole("heading", { name: "Hoje", level: 2 });
  await expect(hoje).toBeVisible();
  // On a phone "Hoje" comes before the stat cards.
  const hojeTop = (await hoje.boundingBox())!.y;
  const statsTop = (await page.getByRole("region", { name: "Indicadores" }).boundingBox())!.y;
  expect(hojeTop).toBeLessThan(statsTop);
  const followUps = page.getByRole("region", { name: "Contatos para hoje" });
  await expect(followUps.getByRole("link", { name: new RegExp(lead.name) })).toHaveAttribute(
    "href",
    /\/admin\/leads\/[0-9a-f-]{36}$/,
  );
  await expect(followUps).toContainText(`${d}/${m}/${y}`);
  // Leads received minutes ago wait for a first contact, none yet past the 24 hours (those show
  // "Há 25 horas · …" in red: today.test.ts moves the clock for that).
  const waitingLeads = page.getByRole("region", { name: "Leads sem contato" });
  await expect(waitingLeads.getByRole("link").first()).toHaveAttribute("href", /\/admin\/leads\//);
  await expect(waitingLeads).toContainText(/Ver todos os \d+ leads novos|Lead Esperando/);
  await expect(waitingLeads.getByText(/Há \d+ (horas|dias) ·/)).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test.describe("the funnel on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the search and 'Filtros' share one row; the sheet holds the filters, with 44 px targets, and closes on a choice", async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await page.goto("/admin/leads");
    const search = page.getByRole("searchbox", { name: "Buscar leads" });
    const open = page.getByRole("button", { name: /^Filtros/ });
    const [a, b] = [(await search.boundingBox())!, (await open.boundingBox())!];
    expect(Math.abs(a.y + a.height / 2 - (b.y + b.height / 2))).toBeLessThan(4);
    // The stage tabs and follow-up filters wait in the sheet: the first column shows at once.
    const followUp = page.getByRole("navigation", { name: "Próximo contato" });
    await expect(followUp).toBeHidden();
    await expect(column(page, "Novos Leads")).toBeInViewport();
    await open.click();
    const sheet = page.getByRole("dialog", { name: "Filtros" });
    await expect(sheet.getByRole("navigation", { name: "Próximo contato" })).toBeVisible();
    expect(await smallTouchTargets(page)).toEqual([]);
    await sheet.getByRole("link", { name: "Atrasados" }).click();
    await expect(page).toHaveURL(/contato=atrasados/);
    await expect(sheet).toBeHidden();
    await expect(page.getByRole("button", { name: /^Filtros \(ativos\)/ })).toBeVisible();
  });
});
