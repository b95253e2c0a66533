// A header image (card strip or banner) from an address already checked by the caller, or,
// without one, the feature's icon on a muted strip. An image from another host waits behind
// a "Load image from <host>" button (the same rule as a description's images:
// use-remote-image.ts), so opening a page or a list never calls that host; uploaded images
// and this app's own load at once. The image is never sent a referrer.
import { useTranslation } from 'react-i18next';
import { useRemoteImage } from '../remote-image/use-remote-image.ts';
import './header-image.css';

interface HeaderImageProps {
  /** The address to show, or null when there is no usable image. */
  src: string | null;
  className: string;
  /** The Bootstrap icon shown without an image, e.g. "boxes"; none: nothing is shown. */
  icon?: string;
  /** The image's text (a form's preview names itself; a header is decoration). */
  alt?: string;
}

export default function HeaderImage({ src, className, icon, alt = '' }: HeaderImageProps) {
  const { t } = useTranslation('ui');
  const image = useRemoteImage(src ?? '');
  const { decision } = image;
  if (src === null || decision.kind === 'blocked') {
    return icon ? (
      <div className={`${className} header-noimage`} aria-hidden="true">
        <i className={`bi bi-${icon}`} />
      </div>
    ) : null;
  }
  if (decision.kind === 'remote' && image.waiting) {
    return (
      <div
        className={`${className} header-noimage header-image-remote`}
        data-testid="header-image-placeholder"
      >
        <span className="header-image-host" title={decision.src}>
          <i className="bi bi-image me-1" aria-hidden="true" />
          {decision.host}
        </span>
        {/* Above a card's stretched link, so the click loads the image, not the card. */}
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary position-relative z-2"
          onClick={image.load}
        >
          {t('headerImage.load', { host: decision.host })}
        </button>
      </div>
    );
  }
  return (
    <img
      src={decision.src}
      alt={alt}
      className={className}
      referrerPolicy="no-referrer"
      loading="lazy"
    />
  );
}
