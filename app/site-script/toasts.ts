// Server-rendered toasts (components/site/public-toast.tsx), shared by the public site's script
// and the client area's: a close button, and gone after a while (CSS fades them without script).
import { TOAST_MS } from "~/lib/site-script";

export function toasts() {
  for (const toast of Array.from(document.querySelectorAll<HTMLElement>("[data-toast]"))) {
    const close = toast.querySelector<HTMLButtonElement>("[data-toast-close]");
    if (close) {
      close.hidden = false;
      close.addEventListener("click", () => toast.remove());
    }
    setTimeout(() => toast.remove(), TOAST_MS);
  }
}
