import { useEffect, useState } from "react";
import type { ToastKind } from "~/lib/form-reply";

/**
 * Toasts without sonner in the public bundle. Sonner is ~9 KB gzip and a visitor of the landing
 * usually never sees a toast, so it is imported the first time one is shown (or at once where
 * toasts are routine: the back office and the portal). Sonner replays toasts created before its
 * <Toaster> subscribed, so nothing shown while the chunk loads is lost.
 *
 * The only file that imports sonner: components call showToast (or useReplyToast for a reply).
 */
type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | null = null;
const onLoad = new Set<(mod: Sonner) => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    void sonner.then((mod) => onLoad.forEach((fn) => fn(mod)));
  }
  return sonner;
}

export function showToast(kind: ToastKind, message: string, options?: { id?: string | number }) {
  void loadSonner().then(({ toast }) => {
    if (kind === "success") toast.success(message, options);
    else if (kind === "error") toast.error(message, options);
    // A warning is read, not glanced at: it stays 10 s (the others sonner's 4 s).
    else if (kind === "warning") toast.warning(message, { duration: 10_000, ...options });
    else toast(message, options);
  });
}

/** Closes every toast on screen (e.g. a sign-in error once the person tries again). */
export function dismissToasts() {
  if (sonner) void sonner.then(({ toast }) => toast.dismiss());
}

/** Mounts sonner's Toaster once sonner is loaded; `eager` loads it on mount. */
export function LazyToaster({ position, eager }: { position: "top-right" | "bottom-right"; eager: boolean }) {
  const [mod, setMod] = useState<Sonner | null>(null);
  useEffect(() => {
    onLoad.add(setMod);
    if (eager || sonner) void loadSonner().then(setMod);
    return () => void onLoad.delete(setMod);
  }, [eager]);
  // sonner's own labels are English ("Notifications", "Close toast"): screen readers here speak pt-BR.
  return mod ? (
    <mod.Toaster
      position={position}
      closeButton
      containerAriaLabel="Notificações"
      toastOptions={{ closeButtonAriaLabel: "Fechar notificação" }}
    />
  ) : null;
}
