// The lesson page's "Automatic check" section: whether Submit is graded by a check and, for
// those who may edit the lesson, what it gives the board and what the board must do, in
// the same words as the report a student gets after Submit.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lesson } from '../../contract/lessons.ts';
import { checkExpectations, checkInputs } from '../check-summary.ts';
import { useCheckValue } from './use-check-value.ts';

export default function LessonCheckSection({ lesson }: { lesson: Lesson }) {
  const { t, i18n } = useTranslation('classroom');
  const shown = useCheckValue();
  const titleId = useId();
  const seconds = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  const check = lesson.check ?? null;
  const rows = check ? checkExpectations(check) : [];
  const inputs = check ? checkInputs(check) : [];
  return (
    <section aria-labelledby={titleId} className="mb-4" data-testid="lesson-check">
      <h2 id={titleId} className="h5">
        {t('check.title')}
      </h2>
      {check ? (
        <>
          <p className="small">
            {t('lessonCheck.teacher', {
              seconds: seconds.format(check.duration),
              count: rows.length,
            })}
          </p>
          {inputs.length > 0 && (
            <>
              <h3 className="h6">{t('lessonCheck.inputs')}</h3>
              <ul className="small" data-testid="lesson-check-inputs">
                {inputs.map((input, i) => (
                  <li key={i}>
                    {input.sensor !== undefined
                      ? t('lessonCheck.sensorInput', {
                          t: seconds.format(input.t),
                          sensor: input.sensor,
                          value: input.value,
                        })
                      : t('lessonCheck.keyInput', {
                          t: seconds.format(input.t),
                          key: input.key ?? '',
                          value: input.value,
                        })}
                  </li>
                ))}
              </ul>
            </>
          )}
          <h3 className="h6">{t('lessonCheck.expects')}</h3>
          <div className="table-responsive">
            <table className="table table-sm small mb-0 align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('check.time')}</th>
                  <th scope="col">{t('check.output')}</th>
                  <th scope="col">{t('check.expected')}</th>
                </tr>
              </thead>
              <tbody data-testid="lesson-check-expects">
                {rows.map((r, i) => (
                  <tr key={i}>
                    <td>{t('check.at', { t: seconds.format(r.t) })}</td>
                    <td>
                      {t(`check.outputs.${r.output}`, { motor: r.motor ?? '', key: r.key ?? '' })}
                    </td>
                    <td>{shown(r.output, r.expected)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className="small">{t(lesson.hasCheck ? 'lessonCheck.student' : 'lessonCheck.none')}</p>
      )}
    </section>
  );
}
