// Markdown for descriptions written by users (projects, catalogs, classes, lessons), through
// react-markdown with GitHub tables, task lists and strikethrough. Raw HTML is dropped, so a
// description cannot bring forms, styles, scripts, frames or event handlers; links keep only
// safe protocols and open outside the app in a new tab without an opener; images load only
// from this app or its API (the upload store), other images wait behind a click
// (use-remote-image.ts). Headings move one level down: the page around a description owns its h1.
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown, { type Components, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { useRemoteImage } from '../remote-image/use-remote-image.ts';
import { isExternalLink, safeLinkUrl } from './url-policy.ts';
import './markdown.css';

const pageBase = () => window.location.href;

/** Keeps link targets that are safe and image sources as written (the image decides). */
const transformUrl: UrlTransform = (url, key) => {
  if (key === 'href') return safeLinkUrl(url, pageBase()) ?? '';
  if (key === 'src') return url;
  return '';
};

function Link({ href, children }: ComponentProps<'a'>) {
  if (!href) return <span className="markdown-dead-link">{children}</span>;
  const external = isExternalLink(href, pageBase());
  return (
    <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}>
      {children}
    </a>
  );
}

function Image({ src, alt, title }: ComponentProps<'img'>) {
  const { t } = useTranslation('ui');
  const image = useRemoteImage(typeof src === 'string' ? src : '');
  const { decision } = image;
  const text = alt ?? '';
  if (decision.kind === 'blocked') {
    return (
      <span className="markdown-image-blocked" data-testid="markdown-image-blocked">
        {t('markdown.imageBlocked', { alt: text })}
      </span>
    );
  }
  if (decision.kind === 'remote' && image.waiting) {
    return (
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary markdown-image-placeholder"
        data-testid="markdown-image-placeholder"
        title={decision.src}
        onClick={image.load}
      >
        <i className="bi bi-image me-1" aria-hidden="true" />
        {t('markdown.loadImage', { host: decision.host, alt: text })}
      </button>
    );
  }
  return (
    <img src={decision.src} alt={text} title={title} loading="lazy" referrerPolicy="no-referrer" />
  );
}

const demoted =
  (Tag: 'h2' | 'h3' | 'h4' | 'h5' | 'h6') =>
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  ({ node, ...props }: ComponentProps<'h2'> & { node?: unknown }) => <Tag {...props} />;

const COMPONENTS: Components = {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  a: ({ node, ...props }) => <Link {...props} />,
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  img: ({ node, ...props }) => <Image {...props} />,
  h1: demoted('h2'),
  h2: demoted('h3'),
  h3: demoted('h4'),
  h4: demoted('h5'),
  h5: demoted('h6'),
  h6: demoted('h6'),
};

const PLUGINS = [remarkGfm];

interface MarkdownProps {
  text: string;
  className?: string;
}

/** A user's Markdown, rendered without raw HTML. */
export default function Markdown({ text, className = '' }: MarkdownProps) {
  return (
    <div className={`markdown-body ${className}`.trim()}>
      <ReactMarkdown
        remarkPlugins={PLUGINS}
        skipHtml
        urlTransform={transformUrl}
        components={COMPONENTS}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
