// A tiny live chart: one sensor's recent values as an SVG line (0..1023).
export default function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  const w = 120;
  const h = 28;
  const n = values.length;
  const points = values
    .map(
      (v, i) =>
        `${n <= 1 ? w : (i / (n - 1)) * w},${h - (Math.min(Math.max(v, 0), 1023) / 1023) * h}`,
    )
    .join(' ');
  return (
    <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={label}>
      <rect width={w} height={h} fill="var(--bs-tertiary-bg)" />
      {n > 0 && (
        <polyline points={points} fill="none" stroke="var(--bs-primary)" strokeWidth={1.5} />
      )}
    </svg>
  );
}
