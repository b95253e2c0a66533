import { useMemo } from 'react';
import { renderMarkdown } from './markdown.ts';

/** A description written in Markdown, rendered sanitised. */
export default function Markdown({ text, className = '' }: { text: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  // Safe: renderMarkdown sanitises with DOMPurify.
  return (
    <div className={`markdown-body ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
