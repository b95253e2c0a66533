// How a check's values read in the report and on the lesson page: on/off, this way/that
// way, quoted texts, plain numbers.
import { useTranslation } from 'react-i18next';
import type { CheckResult } from '../../contract/lesson-check.ts';

type Shown = CheckResult['expected'];

/** A check value as the student and teacher read it ("on", “hello”, this way). */
export function useCheckValue() {
  const { t } = useTranslation('classroom');
  return (output: CheckResult['output'], value: Shown): string => {
    if (value === null) return t('check.values.none');
    if (output === 'on' || output === 'led')
      return t(value ? 'check.values.on' : 'check.values.off');
    if (output === 'direction')
      return t(`check.values.${value === 'thisway' ? 'thisway' : 'thatway'}`);
    if (output === 'display' || output === 'value') return `“${String(value)}”`;
    return String(value);
  };
}
