// An always-open part of the virtual board panel: a section named by the panel's title and
// its own heading, so a screen reader hears "Virtual board, Outputs". (SimSection is the
// folding kind.)
import type { ReactNode } from 'react';

export default function SimTitledSection(props: {
  titleId: string;
  title: string;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`virtual-board-title ${props.titleId}`}
      data-testid={props.testId}
      className={props.className}
    >
      <h3 id={props.titleId} className="h6">
        {props.title}
      </h3>
      {props.children}
    </section>
  );
}
