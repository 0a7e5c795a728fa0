import { MessageCircle } from "lucide-react";
import { WHATSAPP_DEFAULT_MESSAGE, whatsappLink } from "~/lib/whatsapp";

/** Floating WhatsApp button (SPEC §2): fixed number, digits only, prefilled message. */
export function WhatsAppButton({ number }: { number: string }) {
  const href = whatsappLink(number, WHATSAPP_DEFAULT_MESSAGE);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Fale conosco pelo WhatsApp"
      className="fixed right-5 bottom-5 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-green-600 text-white shadow-lg transition hover:scale-105 hover:bg-green-700"
    >
      <MessageCircle aria-hidden className="h-7 w-7" />
    </a>
  );
}
