// The small spinner of busy buttons and loading lines; screen readers hear the text beside it.
export default function Spinner({ className }: { className?: string }) {
  const extra = className ? ` ${className}` : '';
  return <span className={`spinner-border spinner-border-sm${extra}`} aria-hidden="true" />;
}
