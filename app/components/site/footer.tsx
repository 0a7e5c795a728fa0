import { CookiePreferencesButton } from "./consent/consent";

export interface FooterPost {
  title: string;
  slug: string;
}

export function Footer({
  posts,
  children,
  cookiePreferences = false,
}: {
  posts: FooterPost[];
  children?: React.ReactNode;
  /** The "Preferências de cookies" link (only where its dialog is: the public shell). */
  cookiePreferences?: boolean;
}) {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">
            Cardápio<span className="text-brand-500">Digital</span>
          </p>
          <p className="mt-3 text-sm leading-relaxed">
            Cardápio digital e pedidos online para restaurantes e lanchonetes, com mensalidade fixa e sem
            comissão por pedido.
          </p>
          {children}
        </div>
        <nav aria-label="Links rápidos">
          <h2 className="font-semibold text-white">Links rápidos</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a href="/#oferecemos" className="tap hover:text-white">
                Funcionalidades
              </a>
            </li>
            <li>
              <a href="/#planos" className="tap hover:text-white">
                Planos
              </a>
            </li>
            <li>
              <a href="/#beneficios" className="tap hover:text-white">
                Benefícios
              </a>
            </li>
            <li>
              <a href="/#contato" className="tap hover:text-white">
                Contato
              </a>
            </li>
            <li>
              <a href="/blog" className="tap hover:text-white">
                Blog
              </a>
            </li>
            <li>
              <a href="/representante/login" className="tap hover:text-white">
                Área do representante
              </a>
            </li>
            <li>
              <a href="/cliente/entrar" className="tap hover:text-white">
                Área do cliente
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Posts recentes">
          <h2 className="font-semibold text-white">Posts recentes</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {posts.map((p) => (
              <li key={p.slug}>
                <a href={`/blog/${p.slug}`} className="tap hover:text-white">
                  {p.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        <nav aria-label="Privacidade e termos">
          <ul className="mb-2 flex flex-wrap justify-center gap-x-4 gap-y-1">
            <li>
              <a href="/privacidade" className="tap hover:text-white">
                Política de Privacidade
              </a>
            </li>
            <li>
              <a href="/termos" className="tap hover:text-white">
                Termos de Uso
              </a>
            </li>
            {cookiePreferences && (
              <li>
                <CookiePreferencesButton className="underline-offset-2 hover:text-white hover:underline" />
              </li>
            )}
          </ul>
        </nav>
        <p>© {new Date().getFullYear()} CardápioDigital. Todos os direitos reservados.</p>
      </div>
    </footer>
  );
}
