// What a data-log series measures, from its name (a board's program names its records
// freely: "temperature", "temp1", "distance"…): series of one unit share a y-axis, and a
// chart of series in different units gives each unit an axis of its own, so a temperature
// of 25 is not flattened next to a light reading of 900.

export type SeriesUnit = 'celsius' | 'percent' | 'cm' | 'reading';

const RULES: [RegExp, SeriesUnit][] = [
  [/temp/i, 'celsius'],
  [/humid/i, 'percent'],
  [/dist|ultra|sonar|range/i, 'cm'],
];

/** The unit of a series by its name; sensor readings (0–1023) when the name says nothing. */
export function unitOf(name: string): SeriesUnit {
  for (const [pattern, unit] of RULES) if (pattern.test(name)) return unit;
  return 'reading';
}

/**
 * The y-axis of each shown series: one axis per unit, in the order the units first appear
 * ('y' for the first). Hidden series take the axis of their unit too, or 'y'.
 */
export function axesFor(
  labels: readonly string[],
  hidden: ReadonlySet<number>,
): { axisOf: (series: number) => string; units: SeriesUnit[] } {
  const units: SeriesUnit[] = [];
  labels.forEach((name, i) => {
    const unit = unitOf(name);
    if (!hidden.has(i) && !units.includes(unit)) units.push(unit);
  });
  const id = (k: number) => (k === 0 ? 'y' : `y${k}`);
  return {
    units,
    axisOf: (series) => {
      const k = units.indexOf(unitOf(labels[series] ?? ''));
      return id(k < 0 ? 0 : k);
    },
  };
}
