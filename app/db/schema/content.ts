import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { personalData } from "../personal-data";

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique("blog_posts_slug_unique"),
    excerpt: text("excerpt").notNull(),
    // HTML, sanitized on save and again on render.
    content: text("content").notNull().default(""),
    imageUrl: text("image_url"),
    published: boolean("published").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("blog_posts_created_idx").on(t.createdAt, t.id),
    index("blog_posts_published_created_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.published}`),
    index("blog_posts_title_unaccent_trgm_idx").using(
      "gin",
      sql`immutable_unaccent(${t.title}) gin_trgm_ops`,
    ),
    index("blog_posts_excerpt_unaccent_trgm_idx").using(
      "gin",
      sql`immutable_unaccent(${t.excerpt}) gin_trgm_ops`,
    ),
  ],
);

// Single record (id = 1).
export const settings = pgTable(
  "settings",
  {
    id: integer("id").primaryKey().default(1),
    title: text("title"),
    description: text("description"),
    keywords: text("keywords"),
    ogTitle: text("og_title"),
    ogDescription: text("og_description"),
    ogImage: text("og_image"),
    canonicalUrl: text("canonical_url"),
    googleAnalyticsId: text("google_analytics_id"),
    googleTagManagerId: text("google_tag_manager_id"),
    facebookPixelId: text("facebook_pixel_id"),
    customScriptsHead: text("custom_scripts_head"),
    customScriptsBody: text("custom_scripts_body"),
    structuredData: text("structured_data"),
    // Per-page overrides of the spec's fixed SEO texts (empty: the fixed text is served).
    homeTitle: text("home_title"),
    homeDescription: text("home_description"),
    blogTitle: text("blog_title"),
    blogDescription: text("blog_description"),
    contactTitle: text("contact_title"),
    contactDescription: text("contact_description"),
    // Notificações: addresses that get the new-lead alert besides every active admin.
    leadAlertEmails: text("lead_alert_emails")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // "E-mail de atendimento": the Reply-To of every e-mail to a client (none: no e-mail asks
    // the client to reply).
    supportEmail: text("support_email"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("settings_single_row", sql`${t.id} = 1`)],
);

// Personal data (decision 019): none. The alert addresses are the company's mailboxes.
export const blogPostsPersonalData = personalData({
  table: blogPosts,
  personal: {},
  notPersonal: ["title", "slug", "excerpt", "content", "imageUrl"],
});
export const settingsPersonalData = personalData({
  table: settings,
  personal: {},
  notPersonal: [
    "title",
    "description",
    "keywords",
    "ogTitle",
    "ogDescription",
    "ogImage",
    "canonicalUrl",
    "googleAnalyticsId",
    "googleTagManagerId",
    "facebookPixelId",
    "customScriptsHead",
    "customScriptsBody",
    "structuredData",
    "homeTitle",
    "homeDescription",
    "blogTitle",
    "blogDescription",
    "contactTitle",
    "contactDescription",
    "leadAlertEmails",
    "supportEmail",
  ],
});
