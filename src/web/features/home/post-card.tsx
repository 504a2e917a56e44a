import { Link } from "react-router";
import { authorName } from "#shared/format.ts";
import type { PostCardData } from "../news/index.ts";
import { WideImage } from "#web/components/ui/wide-image.tsx";

export type { PostCardData };

export function PostCard({ post, eager = false }: { post: PostCardData; eager?: boolean }) {
  return (
    <article aria-labelledby={`post-${post.id}`} className="card flex flex-col gap-3">
      {post.imageUrl && (
        <WideImage src={post.imageUrl} alt={post.title} eager={eager} className="aspect-video w-full rounded-md object-cover" />
      )}
      <h2 id={`post-${post.id}`} className="text-lg font-semibold text-stone-900">
        <Link to={post.href} className="hover:text-brand-700 hover:underline">
          {post.title}
        </Link>
      </h2>
      <p className="text-sm text-stone-600">
        By: {authorName(post.authorDisplayName)} | Published: <time dateTime={post.datetime}>{post.dateText}</time>
      </p>
      {/* Already plain text cut to 200 characters by the loader (the stored content is HTML). */}
      <p className="text-stone-700">{post.content}</p>
      {post.link && (
        <p>
          <a href={post.link} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
            Read more<span className="sr-only"> about {post.title} (opens in a new tab)</span>
          </a>
        </p>
      )}
    </article>
  );
}
