import { AlertTriangle, CheckCircle2, Info, X, XCircle } from "lucide-react";
import type { FlashToast } from "~/lib/flash.server";

const STYLE = {
  success: { Icon: CheckCircle2, tone: "text-green-700" },
  error: { Icon: XCircle, tone: "text-red-700" },
  info: { Icon: Info, tone: "text-slate-700" },
  warning: { Icon: AlertTriangle, tone: "text-amber-700" },
} as const;

/**
 * The public shell's toast (SPEC §2: bottom-right), rendered by the server from the flash cookie
 * after a redirect. The site script adds the close button and removes it after a while; without
 * script it fades out by CSS (app.css, `.site-toast`).
 */
export function PublicToast({ toast }: { toast: FlashToast | null }) {
  // A message the page shows in place (the contact form's confirmation) is not repeated here.
  if (!toast || toast.inPage) return null;
  const { Icon, tone } = STYLE[toast.type];
  return (
    <div className="pointer-events-none fixed right-4 bottom-24 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 sm:bottom-4">
      <div
        data-toast=""
        role={toast.type === "error" ? "alert" : "status"}
        className="site-toast pointer-events-auto flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-900 shadow-lg"
      >
        <Icon aria-hidden className={`mt-0.5 h-4 w-4 flex-none ${tone}`} />
        <p className="flex-1">{toast.message}</p>
        <button
          type="button"
          data-toast-close=""
          hidden
          aria-label="Fechar"
          className="-m-1 rounded p-1 text-slate-600 hover:bg-slate-100"
        >
          <X aria-hidden className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
