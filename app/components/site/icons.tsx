/**
 * The three icons of the public shell (header menu, WhatsApp button), drawn inline: lucide's
 * runtime is ~1.5 KB gzip the landing would ship for them alone. Same
 * drawing and stroke as lucide's Menu, X and MessageCircle, which the rest of the app uses.
 */
function Icon({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export const MenuIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);

export const CloseIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Icon>
);

export const ChatIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z" />
  </Icon>
);
