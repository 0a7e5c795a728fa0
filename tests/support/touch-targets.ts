import type { Page } from "@playwright/test";

/** Apple's and WCAG 2.5.5's minimum target, in CSS pixels (issue 28 item 6). */
export const MIN_TARGET = 44;

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * The page's interactive controls whose hit area is under 44 × 44 px, measured as a thumb meets
 * them: each control is scrolled to the middle of the screen and the browser is asked, point by
 * point from the control's centre outwards, which element a tap there lands on
 * (`elementFromPoint`). A tap counts when it lands on the control, inside it, or on one of its
 * labels, so a hit area drawn larger than the control (a padded label, an invisible extension)
 * counts as the user feels it.
 *
 * Left out, as WCAG 2.5.5 does: links inside a sentence (their size is the line's), and controls
 * that are hidden, disabled or behind a closed dialog; also links inside text being edited (the
 * post editor), where a tap places the caret.
 */
export async function smallTouchTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const SELECTOR =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';
    const half = min / 2;
    const controls = [...document.querySelectorAll<HTMLElement>(SELECTOR)];

    function visible(el: HTMLElement): boolean {
      if (el.closest("[inert], [aria-hidden='true']")) return false;
      // A link inside text being edited (the post editor) is text there: a tap places the caret.
      if (el.parentElement?.closest("[contenteditable='true']")) return false;
      if ((el as HTMLButtonElement).disabled) return false;
      const style = getComputedStyle(el);
      if (style.visibility !== "visible" || Number(style.opacity) === 0) return false;
      const r = el.getBoundingClientRect();
      // Clipped away (`sr-only`: a skip link until it is focused) is not a target yet.
      if (style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)") return false;
      return r.width > 1 && r.height > 1 && el.checkVisibility({ opacityProperty: true });
    }

    /** A link in running text: inline, with words of its own block around it. */
    function inSentence(el: HTMLElement): boolean {
      if (getComputedStyle(el).display !== "inline") return false;
      const block = el.parentElement;
      if (!block) return false;
      const own = (el.textContent ?? "").trim().length;
      return (block.textContent ?? "").trim().length > own + 3;
    }

    function hits(el: HTMLElement, x: number, y: number): boolean {
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
      const at = document.elementFromPoint(x, y);
      if (!at) return false;
      if (el === at || el.contains(at)) return true;
      const label = at.closest("label");
      return !!label && (label.control === el || label.contains(el));
    }

    /** How far from (x, y) a tap still lands on `el`, along (dx, dy), up to `half` + 1. */
    function reach(el: HTMLElement, x: number, y: number, dx: number, dy: number): number {
      let d = 0;
      while (d <= half && hits(el, x + dx * (d + 1), y + dy * (d + 1))) d += 1;
      return d;
    }

    function describe(el: HTMLElement): string {
      const name =
        el.getAttribute("aria-label") ?? (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const type = el.getAttribute("type");
      return `${el.tagName.toLowerCase()}${type ? `[${type}]` : ""} "${name || el.getAttribute("name") || el.id}"`;
    }

    /** The largest hit area around a few points of `el`, as it sits on the screen now. */
    function measure(el: HTMLElement): { width: number; height: number } {
      // Measured from the control's centre and, for a labelled field, from the centre of the
      // control with its labels (a checkbox's label is most of its target); the best counts.
      const boxes = [el.getBoundingClientRect()];
      const labels = [...((el as HTMLInputElement).labels ?? [])].map((l) => l.getBoundingClientRect());
      if (labels.length) {
        const all = [boxes[0], ...labels];
        const left = Math.min(...all.map((b) => b.left));
        const top = Math.min(...all.map((b) => b.top));
        const right = Math.max(...all.map((b) => b.right));
        const bottom = Math.max(...all.map((b) => b.bottom));
        boxes.push(new DOMRect(left, top, right - left, bottom - top));
      }
      // Also from a quarter and three quarters across: a sticky table column may cover the
      // centre of a control that is still well within reach beside it.
      const points = boxes.map((r) => [r.left + r.width / 2, r.top + r.height / 2]);
      const own = boxes[0];
      points.push([own.left + own.width / 4, own.top + own.height / 2]);
      points.push([own.left + (own.width * 3) / 4, own.top + own.height / 2]);
      let best = { width: 0, height: 0 };
      for (const [x, y] of points) {
        // Covered there by something else (a sticky bar, a floating button): a tap there
        // misses it; covered at every point, it counts as 0 × 0.
        if (!hits(el, x, y)) continue;
        const width = 1 + reach(el, x, y, -1, 0) + reach(el, x, y, 1, 0);
        const height = 1 + reach(el, x, y, 0, -1) + reach(el, x, y, 0, 1);
        if (Math.min(width, height) > Math.min(best.width, best.height)) best = { width, height };
      }
      return best;
    }

    // The site scrolls smoothly; measuring needs each control where it was asked to be, now.
    const root = document.documentElement;
    const smooth = root.style.scrollBehavior;
    root.style.scrollBehavior = "auto";
    const small: { what: string; width: number; height: number }[] = [];
    for (const el of new Set(controls)) {
      if (!visible(el) || inSentence(el)) continue;
      // Centred on the screen, then at the end of its row: a sticky table column may cover a
      // cell that is in reach once the row is scrolled the other way.
      let best = { width: 0, height: 0 };
      for (const inline of ["center", "end"] as const) {
        el.scrollIntoView({ block: "center", inline, behavior: "instant" });
        const m = measure(el);
        if (Math.min(m.width, m.height) > Math.min(best.width, best.height)) best = m;
      }
      // Probed at whole pixels from a centre that may fall between two: 1 px is the probe's error.
      if (best.width < min - 1 || best.height < min - 1) small.push({ what: describe(el), ...best });
    }
    window.scrollTo({ top: 0, behavior: "instant" });
    root.style.scrollBehavior = smooth;
    return small;
  }, MIN_TARGET);
}
