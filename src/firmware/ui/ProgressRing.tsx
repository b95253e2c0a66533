// The updater's progress spinner with its percentage: a ring that fills as the update
// advances. It changes only when the percentage does, so unlike a spinning indicator it
// asks the page for no animation frames while the board is being written.
interface Props {
  percent: number;
  label: string;
  /** Accessible name of the progress bar. */
  name: string;
  testId?: string;
}

const R = 26;
const CIRCUMFERENCE = 2 * Math.PI * R;

export default function ProgressRing({ percent, label, name, testId }: Props) {
  const p = Math.max(0, Math.min(100, percent));
  return (
    <div
      role="progressbar"
      aria-label={name}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(p)}
      className="firmware-ring"
      data-testid={testId}
    >
      <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
        <circle cx="32" cy="32" r={R} className="firmware-ring-track" />
        <circle
          cx="32"
          cy="32"
          r={R}
          className="firmware-ring-fill"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - p / 100)}
          transform="rotate(-90 32 32)"
        />
      </svg>
      <span className="firmware-ring-label">{label}</span>
    </div>
  );
}
