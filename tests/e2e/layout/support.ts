import type { Page } from "@playwright/test";

/**
 * What a person would notice on the page as it stands (issue 17 item 3, issue 45 item 3), each
 * problem one line starting with `where`:
 * - the page scrolls sideways (named with the outermost elements that stick out);
 * - a table's last column is out of reach (neither in view nor inside a card that scrolls);
 * - with `rail`, the admin's dark rail is missing or ends before the page does, at the top and
 *   scrolled to the bottom (it used to end after one screen and leave a white band).
 */
export async function layoutProblems(page: Page, where: string, { rail = false } = {}): Promise<string[]> {
  return page.evaluate(
    async ({ where, rail }) => {
      await document.fonts.ready;
      const out: string[] = [];
      const doc = document.documentElement;
      const vw = window.innerWidth;
      if (doc.scrollWidth > vw) {
        const wide = [...document.querySelectorAll("body *")]
          .filter((el) => el.getBoundingClientRect().right > vw + 1)
          .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= vw + 1)
          .slice(0, 3)
          .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)}`);
        out.push(`${where}: the page scrolls sideways by ${doc.scrollWidth - vw} px (${wide.join(" | ")})`);
      }
      for (const table of document.querySelectorAll("table")) {
        const lastHead = table.querySelector("thead tr th:last-child");
        if (!lastHead || lastHead.getClientRects().length === 0) continue;
        let box: HTMLElement | null = table.parentElement;
        while (box && !["auto", "scroll"].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
        const inView = lastHead.getBoundingClientRect().right <= vw + 1;
        // Reachable by scrolling its card: the card scrolls and holds the cell within its width.
        const scrollable =
          !!box && box.scrollWidth > box.clientWidth && box.getBoundingClientRect().right <= vw + 1;
        if (!inView && !scrollable)
          out.push(`${where}: last column "${(lastHead.textContent ?? "?").trim()}" out of reach`);
      }
      if (rail) {
        const aside = document.querySelector('aside nav[aria-label="Menu administrativo"]')?.closest("aside");
        if (!aside || aside.getClientRects().length === 0) out.push(`${where}: no admin rail`);
        else {
          for (const y of [0, doc.scrollHeight]) {
            scrollTo(0, y);
            const railBottom = Math.round(aside.getBoundingClientRect().bottom + scrollY);
            if (railBottom < doc.scrollHeight - 1)
              out.push(`${where}: the rail ends at ${railBottom} px of a ${doc.scrollHeight} px page`);
          }
          scrollTo(0, 0);
        }
      }
      return out;
    },
    { where, rail },
  );
}

/**
 * Financeiro (issue 45 "Done when"): on every row that offers "Registrar pagamento", the client's
 * name and the button are both whole on the screen once the row is scrolled to (down, never
 * sideways): inside the window, not cut by a scrolling box, not covered (a frozen column covered
 * the name). The browser is asked what a tap at each end of them lands on.
 */
export async function paymentRowProblems(page: Page, where: string): Promise<string[]> {
  return page.evaluate((where) => {
    const out: string[] = [];
    const buttons = [...document.querySelectorAll("button")].filter(
      (b) => b.textContent?.trim() === "Registrar pagamento" && b.getClientRects().length > 0,
    );
    if (buttons.length === 0) return [`${where}: no charge with "Registrar pagamento" to look at`];
    for (const button of buttons) {
      const row = button.closest("tr, li");
      const name = row?.querySelector<HTMLElement>('a[href^="/admin/clients/edit/"]');
      if (!row || !name) {
        out.push(`${where}: a row with "Registrar pagamento" and no client name`);
        continue;
      }
      row.scrollIntoView({ block: "center" });
      for (const [what, el] of [
        ["the client's name", name],
        ['"Registrar pagamento"', button],
      ] as const) {
        // The first line box: a name that wraps is read from its first line.
        const r = el.getClientRects()[0];
        const y = r.top + r.height / 2;
        const inWindow = r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight;
        const seen = [r.left + 1, r.right - 1].every((x) => el.contains(document.elementFromPoint(x, y)));
        if (!inWindow || !seen)
          out.push(
            `${where}: ${name.textContent}: ${what} not in view (${Math.round(r.left)}–${Math.round(r.right)} px of ${innerWidth})`,
          );
      }
    }
    scrollTo(0, 0);
    return out;
  }, where);
}

/** The dashboard's "Hoje": names cut (issue 45: "Rodrigo …", "Henriqu…" with room to spare). */
export async function clippedTodayNames(page: Page, where: string): Promise<string[]> {
  return page.evaluate(
    (where) =>
      [...(document.getElementById("hoje")?.parentElement?.querySelectorAll("li a span") ?? [])]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => `${where}: "Hoje" cuts "${el.textContent}"`),
    where,
  );
}

/** Receita whole at a laptop's width: its tables need no sideways scroll, its figures stay in their cards. */
export async function cutRevenue(page: Page, where: string): Promise<string[]> {
  return page.evaluate(
    (where) =>
      [
        ...[...document.querySelectorAll("#conteudo table")]
          .filter((t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth)
          .map((t) => `table "${t.querySelector("caption")?.textContent}"`),
        ...[...document.querySelectorAll('section[aria-label="Agora"] p')]
          .filter((p) => p.scrollWidth > p.parentElement!.clientWidth)
          .map((p) => `card "${p.textContent}"`),
      ].map((what) => `${where}: ${what} cut off`),
    where,
  );
}
