// The short notice next to every form that collects personal data (LGPD): what the data
// is for and a link to the policy. No checkbox: sending the form is the act; nothing is pre-ticked.

const LINK = "font-medium text-brand-700 underline hover:text-brand-800";

export function PolicyLink({ to = "/privacidade", children }: { to?: string; children: React.ReactNode }) {
  return (
    <a href={to} target="_blank" rel="noopener" className={LINK}>
      {children}
      <span className="sr-only"> (abre em nova aba)</span>
    </a>
  );
}

export function PrivacyNotice({
  children,
  className = "",
}: {
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <p data-privacy-notice="" className={`text-xs leading-relaxed text-slate-600 ${className}`}>
      {children}
    </p>
  );
}
