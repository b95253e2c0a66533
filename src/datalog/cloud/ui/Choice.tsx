// A labelled select of the cloud datalog's settings bar.

export default function Choice(props: {
  id: string;
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label className="form-label small mb-1" htmlFor={props.id}>
        {props.label}
      </label>
      <select
        id={props.id}
        className="form-select form-select-sm"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
