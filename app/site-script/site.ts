// The public pages' only script (docs/decisions/018-public-site-as-plain-html.md):
// progressive enhancement of server-rendered HTML, no framework. Built on its own by
// vite.site-script.config.ts into build/site-script/site.js and inlined by the public layout
// (its CSP hash is computed from the page's bytes). Everything here is optional: with scripting
// off the pages work, but for the busy label and the timed scrolls.
import { maskPhoneInput } from "~/lib/phone";
import {
  MOBILE_MENU_ID,
  REP_SCROLL_DELAY_MS,
  SCROLL_TARGET_KEY,
  SECTION_SCROLL_DELAY_MS,
  SOLID_AFTER_PX,
} from "~/lib/site-script";
import { toasts } from "./toasts";

const $ = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document) =>
  root.querySelector<T>(selector);
const $$ = <T extends Element = HTMLElement>(selector: string) =>
  Array.from(document.querySelectorAll<T>(selector));
const isHome = location.pathname === "/";

function scrollToSection(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: "smooth" });
}

/** Header: solid after 50 px on the landing (always solid elsewhere, server-rendered). */
function header() {
  const el = $("[data-site-header]");
  const menu = document.getElementById(MOBILE_MENU_ID);
  if (!el || el.dataset.home !== "true") return;
  const update = () => {
    el.dataset.solid = String(scrollY > SOLID_AFTER_PX || !!menu?.matches(":popover-open"));
  };
  update();
  addEventListener("scroll", update, { passive: true });
  menu?.addEventListener("toggle", update);
}

/** Header links: on the landing, a smooth scroll; elsewhere, remember the section and go to /. */
function sectionLinks() {
  for (const link of $$<HTMLAnchorElement>("a[data-section]")) {
    link.addEventListener("click", (event) => {
      const id = link.dataset.section!;
      document.getElementById(MOBILE_MENU_ID)?.hidePopover?.();
      event.preventDefault();
      if (isHome) {
        history.pushState(null, "", `#${id}`);
        scrollToSection(id);
        return;
      }
      sessionStorage.setItem(SCROLL_TARGET_KEY, id);
      location.assign("/");
    });
  }
  const target = isHome && sessionStorage.getItem(SCROLL_TARGET_KEY);
  if (target) {
    sessionStorage.removeItem(SCROLL_TARGET_KEY);
    setTimeout(() => scrollToSection(target), SECTION_SCROLL_DELAY_MS);
  }
}

/** Mobile menu (a native popover): the toggle's name follows it; Escape gives focus back to it. */
function mobileMenu() {
  const menu = document.getElementById(MOBILE_MENU_ID);
  const toggle = $<HTMLButtonElement>(`[popovertarget="${MOBILE_MENU_ID}"]`);
  if (!menu || !toggle) return;
  menu.addEventListener("toggle", (event) => {
    const open = (event as ToggleEvent).newState === "open";
    toggle.setAttribute("aria-label", open ? "Fechar menu" : "Abrir menu");
    toggle.dataset.open = String(open);
    if (!open && (document.activeElement === document.body || menu.contains(document.activeElement))) {
      toggle.focus();
    }
  });
}

/** `command` / `commandfor` buttons where the browser does not know them yet. */
function invokerFallback() {
  if ("command" in HTMLButtonElement.prototype) return;
  document.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest?.("button[commandfor]");
    if (!button) return;
    const dialog = document.getElementById(button.getAttribute("commandfor")!);
    if (!(dialog instanceof HTMLDialogElement)) return;
    if (button.getAttribute("command") === "show-modal") dialog.showModal();
    else dialog.close();
  });
}

/** The contact form's plan, as the server would have preselected it from `?plano=`. */
function choosePlan(form: HTMLFormElement, value: string) {
  const select = form.elements.namedItem("plan");
  if (!(select instanceof HTMLSelectElement)) return;
  select.value = value;
  select.dispatchEvent(new Event("change", { bubbles: true }));
}

/** Plan buttons and the representative dialog's "Falar com a equipe": no reload, same result. */
function planLinks(form: HTMLFormElement | null) {
  if (!form || !isHome) return;
  for (const link of $$<HTMLAnchorElement>("a[data-choose-plan]")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      link.closest("dialog")?.close();
      // After a message was sent the form is folded under the confirmation: unfold it.
      form.closest("details")?.setAttribute("open", "");
      choosePlan(form, link.dataset.choosePlan!);
      const delay = link.closest("[data-rep-dialog]") ? REP_SCROLL_DELAY_MS : 0;
      setTimeout(() => {
        scrollToSection("contato");
        form.querySelector<HTMLInputElement>("input[name=name]")?.focus({ preventScroll: true });
      }, delay);
    });
  }
}

/** The contact form: phone mask, the representative note, and "Enviando..." while it is sent. */
function contactForm(form: HTMLFormElement | null) {
  if (!form) return;
  const phone = form.elements.namedItem("phone");
  if (phone instanceof HTMLInputElement) {
    phone.addEventListener("input", () => (phone.value = maskPhoneInput(phone.value)));
  }
  // A refused form came back: the first field to fix gets the focus.
  $<HTMLElement>('[aria-invalid="true"]', form)?.focus();
  const note = $("[data-rep-note]", form);
  form.addEventListener("change", (event) => {
    const t = event.target as HTMLSelectElement;
    if (note && t.name === "plan") note.hidden = t.value !== "representative";
  });
  const button = $<HTMLButtonElement>("button[type=submit]", form);
  const label = button?.textContent ?? "";
  form.addEventListener("submit", () => {
    if (!button) return;
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    button.textContent = "Enviando...";
  });
  // Back to a page kept by the back-forward cache: the button works again.
  addEventListener("pageshow", () => {
    if (!button) return;
    button.disabled = false;
    button.removeAttribute("aria-busy");
    button.textContent = label;
  });
}

/**
 * The floating WhatsApp button steps aside while a call to action (`[data-cta]`: a plan's button,
 * the form's submit) is in the band it covers. Focused fields are handled by CSS (app.css).
 */
function whatsapp() {
  const button = $("[data-whatsapp]");
  const targets = $$("[data-cta]");
  if (!button || !targets.length || typeof IntersectionObserver === "undefined") return;
  const inBand = new Set<Element>();
  let observer: IntersectionObserver | undefined;
  const observe = () => {
    observer?.disconnect();
    inBand.clear();
    const band = button.offsetHeight + 40;
    observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting) inBand.add(e.target);
          else inBand.delete(e.target);
        }
        button.dataset.covered = String(inBand.size > 0);
      },
      { rootMargin: `-${Math.max(0, innerHeight - band)}px 0px 0px 0px` },
    );
    targets.forEach((t) => observer!.observe(t));
  };
  observe();
  addEventListener("resize", observe);
}

const form = $<HTMLFormElement>("form[data-contact-form]");
header();
sectionLinks();
mobileMenu();
invokerFallback();
planLinks(form);
contactForm(form);
toasts();
whatsapp();
