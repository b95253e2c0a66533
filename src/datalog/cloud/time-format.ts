// Time labels of the cloud datalog's chart and table, in the viewer's language: seconds for
// spans under an hour, dates for spans over two days.
export function timeFormatter(locale: string, spanMs: number): (ms: number) => string {
  const day = 86_400_000;
  const format = new Intl.DateTimeFormat(
    locale,
    spanMs > 2 * day
      ? { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }
      : { hour: '2-digit', minute: '2-digit', second: spanMs < 3_600_000 ? '2-digit' : undefined },
  );
  return (ms) => format.format(new Date(ms));
}
