// A screen's frame: the section named by its h1 title, an optional intro paragraph, then the
// screen's own content. `width` picks the container: fixed steps, or the whole window.
import type { ReactNode } from 'react';

interface ScreenProps {
  /** The h1's id, which names the section for assistive technology. */
  titleId: string;
  title: string;
  intro?: string;
  width?: 'fluid' | 'fixed';
  /** A lead intro (larger) on the start screen; a muted one elsewhere. */
  lead?: boolean;
  children?: ReactNode;
}

export default function Screen({
  titleId,
  title,
  intro,
  width = 'fluid',
  lead,
  children,
}: ScreenProps) {
  return (
    <section
      className={width === 'fluid' ? 'container-fluid py-3' : `container ${lead ? 'py-4' : 'py-3'}`}
      aria-labelledby={titleId}
    >
      <h1 id={titleId} className="h3">
        {title}
      </h1>
      {intro !== undefined && <p className={lead ? 'lead' : 'text-body-secondary'}>{intro}</p>}
      {children}
    </section>
  );
}
