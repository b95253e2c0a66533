// A folded part of the virtual board's panel (built-in sensors, data log, settings…): its
// heading opens it, and it stays as the user left it while the app runs.
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { setSimSection, simPanel, type SimSection as SectionId } from './sim-panel-store.ts';

export default function SimSection(props: {
  id: SectionId;
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  const { sections } = useSnapshot(simPanel);
  return (
    <details
      className="sim-section sim-fold"
      open={sections[props.id]}
      onToggle={(e) => setSimSection(props.id, e.currentTarget.open)}
      data-testid={props.testId ?? `sim-section-${props.id}`}
    >
      <summary className="h6">{props.title}</summary>
      {props.children}
    </details>
  );
}
