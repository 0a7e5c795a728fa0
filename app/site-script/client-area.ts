// The client area's only script (docs/decisions/046-client-area-plain-html.md): progressive
// enhancement of server-rendered HTML, no framework, as the public site's (site.ts). Built on its
// own by vite.site-script.config.ts (mode "client-area") into build/site-script/client-area.js
// and inlined, with the page's CSP nonce, by the client area's pages. Everything here is
// optional: with scripting off every page works; the PIX code is then selected and copied by hand.
import { toasts } from "./toasts";

const $$ = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document) =>
  Array.from(root.querySelectorAll<T>(selector));

/**
 * A file over its limit (`data-max-bytes`) is refused before it is sent, with the limit's message
 * (`data-too-large`) beside the field; the server refuses it too, after reading 10 MB of it.
 */
function fileLimits() {
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    for (const input of $$<HTMLInputElement>("input[type=file][data-max-bytes]", form)) {
      const max = Number(input.dataset.maxBytes);
      if (!Array.from(input.files ?? []).some((f) => f.size > max)) continue;
      event.preventDefault();
      const id = `${input.id}-error`;
      let error = document.getElementById(id);
      if (!error) {
        error = document.createElement("p");
        error.id = id;
        error.className = "mt-1 text-sm text-red-600";
        input.parentElement?.append(error);
        input.setAttribute(
          "aria-describedby",
          `${id} ${input.getAttribute("aria-describedby") ?? ""}`.trim(),
        );
      }
      error.setAttribute("role", "alert");
      error.textContent = input.dataset.tooLarge ?? "";
      input.setAttribute("aria-invalid", "true");
      input.focus();
    }
  });
}

/** "Enviando...": the button's busy label (`data-busy-label`) while its form is sent; one send at a time. */
function busyForms() {
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (event.defaultPrevented) return;
    if (form.dataset.sending) {
      event.preventDefault();
      return;
    }
    form.dataset.sending = "true";
    // Not disabled: a disabled submitter would leave its name and value out of the form data.
    const button = event.submitter as HTMLButtonElement | null;
    const busy = button?.dataset.busyLabel;
    if (!button || !busy) return;
    button.dataset.idleLabel = button.textContent ?? "";
    button.textContent = busy;
    button.setAttribute("aria-busy", "true");
  });
  // Back to a page kept by the back-forward cache: its forms work again.
  addEventListener("pageshow", () => {
    for (const form of $$<HTMLFormElement>("form[data-sending]")) delete form.dataset.sending;
    for (const button of $$<HTMLButtonElement>("button[data-idle-label]")) {
      button.textContent = button.dataset.idleLabel!;
      button.removeAttribute("aria-busy");
      delete button.dataset.idleLabel;
    }
  });
}

/** "Copiar código PIX": shown only with script; the code's field is selected when focused. */
function copyButtons() {
  for (const button of $$<HTMLButtonElement>("button[data-copy]")) {
    const field = document.getElementById(button.dataset.copy!) as HTMLTextAreaElement | null;
    const status = document.getElementById(button.dataset.copyStatus!);
    if (!field) continue;
    field.addEventListener("focus", () => field.select());
    button.hidden = false;
    const say = (text?: string) => status && (status.textContent = text ?? "");
    button.addEventListener("click", () => {
      const copy = navigator.clipboard?.writeText(field.value) ?? Promise.reject(new Error("no clipboard"));
      copy.then(
        () => say(button.dataset.copied),
        () => say(button.dataset.copyFailed),
      );
    });
  }
}

/** The receipt's "Imprimir": shown only with script. */
function printButtons() {
  for (const button of $$<HTMLButtonElement>("button[data-print]")) {
    button.hidden = false;
    button.addEventListener("click", () => print());
  }
}

fileLimits();
busyForms();
copyButtons();
printButtons();
toasts();
