import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";

/** Brand colours of the site (app.css), inlined: e-mail clients ignore stylesheets. */
export const MAIL_COLORS = { brand: "#c2410c", brandDark: "#9a3412", text: "#0f172a", muted: "#64748b" };

/**
 * The one layout of every e-mail: the company's name on top, the content, a footer that says why
 * the message arrived. React escapes every value, so nothing a visitor typed becomes markup.
 */
export function MailLayout({
  preview,
  company,
  siteUrl,
  footer,
  children,
}: {
  preview: string;
  company: string;
  siteUrl: string;
  footer: string;
  children: ReactNode;
}) {
  return (
    <Html lang="pt-BR">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Arial, Helvetica, sans-serif", margin: 0 }}>
        <Container style={{ maxWidth: 600, margin: "0 auto", padding: "24px 16px" }}>
          <Section
            style={{ backgroundColor: MAIL_COLORS.brand, borderRadius: "8px 8px 0 0", padding: "16px 24px" }}
          >
            <Link
              href={siteUrl}
              style={{ color: "#ffffff", fontSize: 20, fontWeight: 700, textDecoration: "none" }}
            >
              {company}
            </Link>
          </Section>
          <Section style={{ backgroundColor: "#ffffff", borderRadius: "0 0 8px 8px", padding: "24px" }}>
            {children}
          </Section>
          <Hr style={{ borderColor: "#e2e8f0", margin: "24px 0 12px" }} />
          <Text style={{ color: MAIL_COLORS.muted, fontSize: 12, lineHeight: "18px", margin: 0 }}>
            {footer}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function MailHeading({ children }: { children: ReactNode }) {
  return (
    <Text style={{ color: MAIL_COLORS.text, fontSize: 20, fontWeight: 700, margin: "0 0 16px" }}>
      {children}
    </Text>
  );
}

export function MailText({ children }: { children: ReactNode }) {
  return (
    <Text style={{ color: MAIL_COLORS.text, fontSize: 15, lineHeight: "22px", margin: "0 0 12px" }}>
      {children}
    </Text>
  );
}

/** A call-to-action link styled as a button (absolute URL). */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "20px 0" }}>
      <Link
        href={href}
        style={{
          backgroundColor: MAIL_COLORS.brand,
          borderRadius: 8,
          color: "#ffffff",
          display: "inline-block",
          fontSize: 15,
          fontWeight: 700,
          padding: "12px 20px",
          textDecoration: "none",
        }}
      >
        {children}
      </Link>
    </Section>
  );
}

/** Label/value rows (lead details, commission). Empty values show "—". */
export function MailFields({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <Section style={{ margin: "0 0 12px" }}>
      {rows.map(([label, value]) => (
        <Text
          key={label}
          style={{ color: MAIL_COLORS.text, fontSize: 15, lineHeight: "22px", margin: "0 0 6px" }}
        >
          <span style={{ color: MAIL_COLORS.muted }}>{label}: </span>
          {value === null || value === undefined || value === "" ? "—" : value}
        </Text>
      ))}
    </Section>
  );
}
