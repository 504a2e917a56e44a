// The 16:9 picture of an event or a news post: at the top of its own page it is fetched first; in a list it loads
// when it comes near (unless it is the first thing seen).
interface Props {
  src: string;
  alt: string;
  className: string;
  /** The page's own picture, fetched before the rest. */
  lead?: boolean;
  /** In a list, loaded at once: the first card, seen without scrolling. */
  eager?: boolean;
}

export function WideImage({ src, alt, className, lead = false, eager = false }: Props) {
  if (lead) return <img src={src} alt={alt} width={800} height={450} fetchPriority="high" className={className} />;
  return <img src={src} alt={alt} width={800} height={450} loading={eager ? "eager" : "lazy"} decoding="async" className={className} />;
}
