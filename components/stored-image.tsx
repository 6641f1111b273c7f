// A picture the arena stores, by its hash: served by our own immutable endpoint (/api/images/<sha256>), already
// normalised at upload, so Next's image optimiser would only add work.
export function StoredImage({
  hash,
  alt = "",
  className,
  lazy = true,
}: {
  hash: string;
  /** empty when the text beside it already says what it shows */
  alt?: string;
  className?: string;
  lazy?: boolean;
}) {
  // biome-ignore lint/performance/noImgElement: see above
  return <img src={`/api/images/${hash}`} alt={alt} loading={lazy ? "lazy" : undefined} className={className} />;
}
