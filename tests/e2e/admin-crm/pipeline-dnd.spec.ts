// Issue #15 items 3 and 4: moving cards by drag-and-drop (mouse and keyboard) and "Voltar etapa",
// refused drops, drops on Convertidos / Perdidos, and the follow-up filter.
import { expect, test, type Page } from "@playwright/test";
import { expectNoA11yViolations, gotoReady, loginAsAdmin, uniqueEmail } from "../../support/e2e";

// Six columns of 18 rem side by side (1 808 px) next to the sidebar: wide enough that the board
// does not scroll at all. At 1920 px it did, and dnd-kit's auto-scroll (a pointer resting within
// 20 % of the board's edge) and the keyboard sensor's smooth scrolling moved the columns under
// the drag at a speed that depends on the machine's load: the drop landed elsewhere in CI.
test.use({ viewport: { width: 2400, height: 1400 } });

async function newLead(page: Page, name: string) {
  const lead = { name, business: `Cantina ${name}`, email: uniqueEmail("dnd") };
  // A document of its own: after a first lead the page is already at /#contato, where a goto
  // would only move to the fragment and leave the folded form of the confirmation.
  await page.goto("/");
  const form = page.getByRole("form", { name: "Formulário de contato" });
  await form.getByLabel("Nome completo").fill(lead.name);
  await form.getByLabel("Nome do estabelecimento").fill(lead.business);
  await form.getByLabel("WhatsApp", { exact: true }).pressSequentially("11987654321");
  await form.getByLabel(/^E-?mail$/).fill(lead.email);
  await form.getByLabel("Plano de interesse").selectOption({ label: "Premium" });
  await form.getByRole("button", { name: "Enviar mensagem" }).click();
  // A plain POST: the server redirects back to the form with its confirmation.
  await expect(page).toHaveURL(/\/#contato$/);
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Mensagem enviada com sucesso! Em breve entraremos em contato." }),
  ).toBeVisible();
  return lead;
}

const token = () => Math.random().toString(36).slice(2, 8);
const column = (page: Page, label: string) => page.getByRole("region", { name: new RegExp(`^${label}`) });
const card = (page: Page, name: string) => page.getByRole("article", { name });
/** dnd-kit's live region (role=status), where the moves are announced. */
const liveRegion = (page: Page) => page.locator('[id^="DndLiveRegion"]');

async function openFunnel(page: Page, q: string) {
  await gotoReady(page, `/admin/leads?q=${encodeURIComponent(q)}`);
}

/**
 * The previous move has been answered and the board shows what the server keeps: no card is busy.
 * A card says `aria-busy` from the moment its move is sent until the revalidated board replaces it
 * (a dropped card already shows in its new column meanwhile). A drag started while the revalidated
 * board re-renders can land on a card that is being replaced (seen in CI: the drag never began).
 */
async function boardSettled(page: Page) {
  await expect(page.locator("article[aria-busy]")).toHaveCount(0);
}

/** Drags a card by its handle with the mouse and drops it on a column. */
async function mouseDrag(page: Page, name: string, toColumn: string) {
  await boardSettled(page);
  const handle = card(page, name).getByRole("button", { name: `Mover ${name}` });
  // The board scrolls sideways inside its card: bring the target column on screen first.
  await column(page, toColumn).scrollIntoViewIfNeeded();
  const hb = (await handle.boundingBox())!;
  const tb = (await column(page, toColumn).boundingBox())!;
  const viewport = page.viewportSize()!;
  await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
  await page.mouse.down();
  await page.mouse.move(hb.x + hb.width / 2 + 12, hb.y + hb.height / 2 + 4, { steps: 4 });
  await page.mouse.move(Math.min(tb.x + tb.width / 2, viewport.width - 20), tb.y + 80, { steps: 12 });
  await expect(liveRegion(page)).toHaveText(`Lead ${name} sobre a coluna ${toColumn}.`);
  await page.mouse.up();
}

async function expectIn(page: Page, name: string, columnLabel: string) {
  await expect(column(page, columnLabel).getByRole("article", { name })).toBeVisible();
}

test("a card is dragged with the mouse from Novos Leads to Em negociação, announced, and moved back with 'Voltar etapa'", async ({
  page,
}) => {
  test.slow();
  const lead = await newLead(page, `Arrasto Mouse ${token()}`);
  await loginAsAdmin(page);
  await openFunnel(page, lead.email);
  await expectIn(page, lead.name, "Novos Leads");

  await mouseDrag(page, lead.name, "Em negociação");
  await expect(liveRegion(page)).toHaveText(`Lead ${lead.name} solto na coluna Em negociação.`);
  await expect(page.getByText("Lead movido para Em negociação").first()).toBeVisible();
  await expectIn(page, lead.name, "Em negociação");
  await expect(column(page, "Novos Leads").getByRole("article", { name: lead.name })).toHaveCount(0);

  // One step back, by button (works without dragging).
  // "Voltar etapa" is in the card's actions menu (issue 28).
  await card(page, lead.name)
    .getByRole("button", { name: `Ações de ${lead.name}` })
    .click();
  await page.getByRole("menuitem", { name: /Voltar etapa/ }).click();
  await expect(page.getByText("Lead movido para Qualificados").first()).toBeVisible();
  await expectIn(page, lead.name, "Qualificados");
  // The spec's one-click forward move is still there.
  await card(page, lead.name).getByRole("button", { name: "Iniciar negociação" }).click();
  await expectIn(page, lead.name, "Em negociação");
  await expectNoA11yViolations(page);

  // The server's rules decide: two steps back is refused, the card snaps back, the toast says why.
  await mouseDrag(page, lead.name, "Contatados");
  await expect(
    page.getByText("Erro ao atualizar status: só é possível voltar uma etapa por vez.").first(),
  ).toBeVisible();
  await expectIn(page, lead.name, "Em negociação");

  // The history records the moves.
  await page.reload();
  await card(page, lead.name).getByRole("link", { name: lead.name }).click();
  const timeline = page.getByRole("list", { name: "Histórico" });
  await expect(timeline).toContainText("Novos Leads → Em negociação");
  await expect(timeline).toContainText("Em negociação → Qualificados");
});

/**
 * The first arrow after a pick-up. dnd-kit's keyboard sensor starts listening for the arrows a
 * moment after it announced the pick-up, so a press at that very moment can go unheard (seen once
 * in CI): the arrow is pressed again only while the card is still announced over its first column.
 */
async function arrowUntilAnnounced(page: Page, key: string, name: string, from: string, to: string) {
  const live = liveRegion(page);
  await expect(async () => {
    if ((await live.textContent())?.endsWith(`coluna ${from}.`)) await page.keyboard.press(key);
    await expect(live).toHaveText(`Lead ${name} sobre a coluna ${to}.`, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

test("a card is dragged with the keyboard (Space, arrows, Space) and each step is announced", async ({
  page,
}) => {
  test.slow();
  const lead = await newLead(page, `Arrasto Teclado ${token()}`);
  await loginAsAdmin(page);
  await openFunnel(page, lead.email);
  const handle = card(page, lead.name).getByRole("button", { name: `Mover ${lead.name}` });
  await expect(handle).toHaveAttribute("aria-roledescription", "lead arrastável");
  await handle.focus();
  await page.keyboard.press("Space");
  const live = liveRegion(page);
  await expect(live).toHaveText(
    new RegExp(`Lead ${lead.name} (pego na coluna|sobre a coluna) Novos Leads\\.`),
  );
  await arrowUntilAnnounced(page, "ArrowRight", lead.name, "Novos Leads", "Contatados");
  for (const label of ["Qualificados", "Em negociação"]) {
    await page.keyboard.press("ArrowRight");
    await expect(live).toHaveText(`Lead ${lead.name} sobre a coluna ${label}.`);
  }
  await page.keyboard.press("Space");
  await expect(live).toHaveText(`Lead ${lead.name} solto na coluna Em negociação.`);
  await expect(page.getByText("Lead movido para Em negociação").first()).toBeVisible();
  await expectIn(page, lead.name, "Em negociação");

  // Escape cancels: the card stays.
  await boardSettled(page);
  await card(page, lead.name)
    .getByRole("button", { name: `Mover ${lead.name}` })
    .focus();
  await page.keyboard.press("Space");
  // The arrows work once the drag has begun, as it is announced.
  await expect(live).toHaveText(
    new RegExp(`Lead ${lead.name} (pego na coluna|sobre a coluna) Em negociação\\.`),
  );
  await arrowUntilAnnounced(page, "ArrowLeft", lead.name, "Em negociação", "Qualificados");
  await page.keyboard.press("Escape");
  await expect(live).toHaveText(`Movimento cancelado. Lead ${lead.name} continua em Em negociação.`);
  await expectIn(page, lead.name, "Em negociação");
  await expectNoA11yViolations(page);
});

test("a drop on Convertidos asks for confirmation, a drop on Perdidos asks for the reason", async ({
  page,
}) => {
  test.slow();
  const lead = await newLead(page, `Arrasto Fim ${token()}`);
  await loginAsAdmin(page);
  await openFunnel(page, lead.email);
  await mouseDrag(page, lead.name, "Em negociação");
  await expectIn(page, lead.name, "Em negociação");

  await mouseDrag(page, lead.name, "Convertidos");
  const convert = page.getByRole("dialog", { name: "Converter em cliente" });
  await expect(convert).toBeVisible();
  await expect(convert.getByLabel("Plano do cliente").locator("option:checked")).toHaveText(/^Premium/);
  await expectNoA11yViolations(page);
  await convert.getByRole("button", { name: "Cancelar" }).click();
  await expect(convert).toHaveCount(0);
  await expectIn(page, lead.name, "Em negociação");

  await mouseDrag(page, lead.name, "Perdidos");
  const lost = page.getByRole("dialog", { name: "Marcar como perdido" });
  await lost.getByRole("radio", { name: "Sem resposta" }).check();
  await lost.getByRole("button", { name: "Confirmar perda" }).click();
  await expect(page.getByText("Lead movido para Perdidos").first()).toBeVisible();
  await expectIn(page, lead.name, "Perdidos");
  await expect(card(page, lead.name)).toContainText("Motivo: Sem resposta");
});

test("the follow-up filter 'Atrasados' shows only the overdue leads", async ({ page }) => {
  test.slow();
  const run = token();
  const late = await newLead(page, `Filtro ${run} Atrasado`);
  const other = await newLead(page, `Filtro ${run} Sem Data`);
  await loginAsAdmin(page);
  await openFunnel(page, late.email);
  await card(page, late.name).getByRole("link", { name: late.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: late.name })).toBeVisible();
  const yesterday = new Date(Date.now() - 24 * 3600_000 - 3 * 3600_000); // São Paulo's calendar
  const [y, m, d] = yesterday.toISOString().slice(0, 10).split("-");
  const field = page.getByLabel("Próximo contato");
  await field.pressSequentially(`${d}${m}${y}1000`);
  await page.getByRole("button", { name: "Salvar próximo contato" }).click();
  await expect(page.getByText("Próximo contato salvo!").first()).toBeVisible();

  await openFunnel(page, `Filtro ${run}`);
  await expect(card(page, late.name)).toBeVisible();
  await expect(card(page, other.name)).toBeVisible();
  const filter = page.getByRole("navigation", { name: "Próximo contato" });
  await filter.getByRole("link", { name: "Atrasados" }).click();
  await expect(page).toHaveURL(/contato=atrasados/);
  await expect(filter.getByRole("link", { name: "Atrasados" })).toHaveAttribute("aria-current", "page");
  await expect(card(page, late.name)).toContainText(/Contato atrasado/);
  await expect(card(page, other.name)).toHaveCount(0);
  await expectNoA11yViolations(page);
  // Today's list does not include yesterday's; "Todos os contatos" shows both again.
  await filter.getByRole("link", { name: "Para hoje" }).click();
  await expect(page).toHaveURL(/contato=hoje/);
  await expect(card(page, late.name)).toHaveCount(0);
  await filter.getByRole("link", { name: "Todos os contatos" }).click();
  await expect(card(page, other.name)).toBeVisible();
  await expect(card(page, late.name)).toBeVisible();
});
