import { Link } from "react-router";
import { formatDate } from "~/lib/format";

export const DEFAULT_POST_IMAGE = "/images/blog/default.svg";

export interface PostCardData {
  title: string;
  slug: string;
  excerpt: string;
  imageUrl: string | null;
  createdAt: Date | string;
}

/** A blog card: image (the default one when the post has none), date, title and excerpt. */
export function PostCard({
  post,
  eager = false,
  headingLevel = 3,
}: {
  post: PostCardData;
  eager?: boolean;
  /** 2 right under the page's h1 (the blog list), 3 under a section's h2. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <img
        src={post.imageUrl || DEFAULT_POST_IMAGE}
        alt=""
        width={640}
        height={360}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-video w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <time dateTime={new Date(post.createdAt).toISOString()} className="text-sm text-slate-600">
          {formatDate(post.createdAt)}
        </time>
        <Heading className="mt-2 text-lg leading-snug font-semibold text-slate-900">
          <Link
            to={`/blog/${post.slug}`}
            className="after:absolute after:inset-0 group-hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 flex-1 text-slate-700">{post.excerpt}</p>
        <span aria-hidden className="mt-4 text-sm font-semibold text-brand-700">
          Ler artigo →
        </span>
      </div>
    </article>
  );
}
