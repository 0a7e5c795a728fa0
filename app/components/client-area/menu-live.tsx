import { Download, ExternalLink } from "lucide-react";
import type { ClientOverview } from "~/modules/client-area/client-area.server";

const card = "rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
const link = "tap inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline";

/**
 * "Seu cardápio está no ar": the menu's address, its QR Code to print for the tables (a PNG to
 * download: a plain link, no script), the apps and how to reach the team.
 */
export function MenuLiveSection({
  menu,
  help,
}: {
  menu: ClientOverview["menu"];
  help: ClientOverview["help"];
}) {
  if (!menu) return null;
  return (
    <section aria-labelledby="cardapio-no-ar" className={card}>
      <h2 id="cardapio-no-ar" className="text-lg font-bold">
        Seu cardápio está no ar
      </h2>
      <p className="mt-2 text-sm text-slate-700">Endereço do cardápio:</p>
      <p className="break-all">
        <a href={menu.url} className={link} target="_blank" rel="noopener noreferrer">
          {menu.url}
          <ExternalLink aria-hidden className="h-4 w-4 shrink-0" />
        </a>
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        {/* Markup drawn on the server from the address (qrcode), never from user HTML. */}
        <div className="h-40 w-40 shrink-0" dangerouslySetInnerHTML={{ __html: menu.qrSvg }} />
        <div className="text-sm text-slate-700">
          <p>Imprima o QR Code para as mesas e o balcão: a câmera do celular abre o cardápio.</p>
          <a href={menu.qrPng} download="qr-code-cardapio.png" className={`${link} mt-2`}>
            <Download aria-hidden className="h-4 w-4" />
            Baixar QR Code para imprimir
          </a>
        </div>
      </div>
      {(menu.androidUrl || menu.iosUrl) && (
        <ul className="mt-4 space-y-2 text-sm">
          {menu.androidUrl && (
            <li>
              <a href={menu.androidUrl} className={link} target="_blank" rel="noopener noreferrer">
                App Android
                <ExternalLink aria-hidden className="h-4 w-4" />
              </a>
            </li>
          )}
          {menu.iosUrl && (
            <li>
              <a href={menu.iosUrl} className={link} target="_blank" rel="noopener noreferrer">
                App iOS
                <ExternalLink aria-hidden className="h-4 w-4" />
              </a>
            </li>
          )}
        </ul>
      )}
      {(help.email || help.whatsapp?.href) && (
        <p className="mt-4 text-sm text-slate-700">
          Precisa mudar algo no cardápio? Fale com a nossa equipe
          {help.email && (
            <>
              {" "}
              por{" "}
              <a href={`mailto:${help.email}`} className="font-semibold text-brand-700 hover:underline">
                {help.email}
              </a>
            </>
          )}
          {help.whatsapp?.href && (
            <>
              {help.email ? " ou" : ""} pelo{" "}
              <a
                href={help.whatsapp.href}
                className="font-semibold text-brand-700 hover:underline"
                rel="noopener"
              >
                WhatsApp
              </a>
            </>
          )}
          .
        </p>
      )}
    </section>
  );
}
