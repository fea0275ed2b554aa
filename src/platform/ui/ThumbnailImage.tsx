/**
 * A picture shown small beside the text that names it, so it is decorative (empty alt): square, its box
 * reserved by width and height before it loads, cropped to fill it over the page's dark ground.
 */
export default function ThumbnailImage({
  src,
  size,
  className,
  loading,
}: {
  src: string;
  /** the side in CSS pixels, as the classes draw it */
  size: number;
  /** the frame: the size and corner classes, a ring */
  className: string;
  /** rows far down a list may never show, so they read their pictures lazily */
  loading?: 'lazy';
}) {
  return (
    <img src={src} alt="" width={size} height={size} loading={loading} className={`${className} bg-ink object-cover`} />
  );
}
