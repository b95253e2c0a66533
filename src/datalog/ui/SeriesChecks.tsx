// One check box a series of a chart, with the series' colour: unticking hides the series.
import { Form } from 'react-bootstrap';
import { tagColour } from '../../ui/chart/colours.ts';

interface SeriesChecksProps<K> {
  /** Prefix of the boxes' ids (`${idPrefix}-${index}`). */
  idPrefix: string;
  series: readonly K[];
  label: (series: K, index: number) => string;
  hidden: ReadonlySet<K>;
  onHidden: (hidden: Set<K>) => void;
}

export default function SeriesChecks<K extends string | number>(props: SeriesChecksProps<K>) {
  const { idPrefix, series, label, hidden, onHidden } = props;
  return series.map((s, i) => (
    <Form.Check
      key={`${i}-${s}`}
      id={`${idPrefix}-${i}`}
      className="small"
      checked={!hidden.has(s)}
      onChange={(e) => {
        const next = new Set(hidden);
        if (e.target.checked) next.delete(s);
        else next.add(s);
        onHidden(next);
      }}
      label={
        <>
          <span
            className="d-inline-block me-1 rounded-1"
            style={{ width: '0.8rem', height: '0.8rem', background: tagColour(i) }}
            aria-hidden="true"
          />
          {label(s, i)}
        </>
      }
    />
  ));
}
