// A header image (card strip or banner) from an address already checked by the caller, or,
// without one, the feature's icon on a muted strip. The image is never sent a referrer.
import './header-image.css';

export interface HeaderImageProps {
  /** The address to show, or null when there is no usable image. */
  src: string | null;
  className: string;
  /** The Bootstrap icon shown without an image, e.g. "boxes". */
  icon: string;
}

export default function HeaderImage({ src, className, icon }: HeaderImageProps) {
  return src ? (
    <img src={src} alt="" className={className} referrerPolicy="no-referrer" loading="lazy" />
  ) : (
    <div className={`${className} header-noimage`} aria-hidden="true">
      <i className={`bi bi-${icon}`} />
    </div>
  );
}
