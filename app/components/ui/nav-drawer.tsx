import { Menu, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState, type ReactNode } from "react";
import { useLocation } from "react-router";

const THEMES = {
  dark: {
    button: "rounded-lg p-2 text-slate-200 hover:bg-slate-800",
    panel: "bg-slate-900 text-slate-200",
    title: "font-bold text-white",
  },
  light: {
    button: "rounded-lg p-2 text-slate-700 hover:bg-slate-100",
    panel: "bg-white text-slate-800",
    title: "font-bold text-brand-700",
  },
} as const;

/**
 * The phone menu of the admin and the portal: a "Abrir menu" button that opens
 * the links as an off-canvas drawer. Radix Dialog keeps focus inside, Escape closes it and focus
 * returns to the button. Closed on every start and after each navigation, so it never covers the
 * page that was asked for.
 */
export function NavDrawer({
  title,
  description,
  theme,
  children,
}: {
  title: string;
  /** Read by screen readers only ("Navegação do …"). */
  description: string;
  theme: keyof typeof THEMES;
  children: ReactNode;
}) {
  const t = THEMES[theme];
  const [open, setOpen] = useState(false);
  // Closed by any navigation (a menu link, the back button…): React's "state from a changed
  // value" pattern, during render rather than in an effect.
  const { key } = useLocation();
  const [lastKey, setLastKey] = useState(key);
  if (key !== lastKey) {
    setLastKey(key);
    setOpen(false);
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" aria-label="Abrir menu" className={t.button}>
          <Menu aria-hidden className="h-6 w-6" />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content
          className={`fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col shadow-xl ${t.panel}`}
        >
          <div className="flex h-14 items-center justify-between px-3">
            <Dialog.Title className={t.title}>{title}</Dialog.Title>
            <Dialog.Description className="sr-only">{description}</Dialog.Description>
            <Dialog.Close asChild>
              <button type="button" aria-label="Fechar menu" className={t.button}>
                <X aria-hidden className="h-5 w-5" />
              </button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
