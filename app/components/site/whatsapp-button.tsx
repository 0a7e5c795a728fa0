import { ChatIcon } from "./icons";

/**
 * Floating WhatsApp button (SPEC §2): fixed number, digits only, prefilled message.
 *
 * It never covers what the visitor is using: while a field has the focus it
 * steps aside by CSS (app.css), and while a call to action (`[data-cta]`: a plan's button, the
 * contact form's submit) is in the band it occupies, the site script marks it `data-covered`.
 */
export function WhatsAppButton({
  href,
}: {
  /** Built by the server (wa.me link): no phone code in the page's script. */ href: string | null;
}) {
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-whatsapp=""
      aria-label="Fale conosco pelo WhatsApp"
      className="fixed right-5 bottom-5 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-green-600 text-white shadow-lg transition hover:scale-105 hover:bg-green-700"
    >
      <ChatIcon className="h-7 w-7" />
    </a>
  );
}
