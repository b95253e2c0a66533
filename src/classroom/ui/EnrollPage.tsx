// /classroom/enroll: join a class with its access code (any case; spaces and dashes are
// ignored). An empty box says 'You need to write something!'; a wrong code says 'Please
// re-check the entered Access Code' and keeps what was typed.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ACCESS_CODE_INPUT_MAX } from '../../contract/classroom.ts';
import { showToast } from '../../state/ui.ts';
import { apiErrorText } from '../../ui/error-text.ts';
import { classCache, classroom } from '../runtime.ts';
import ClassroomShell from './ClassroomShell.tsx';
import Spinner from '../../ui/busy/Spinner.tsx';

export default function EnrollPage() {
  const { t } = useTranslation('classroom');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useId();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const join = async () => {
    if (code.trim() === '') return setProblem(t('writeSomething'));
    setProblem(null);
    setBusy(true);
    try {
      const klass = await classroom.codeEnroll(code.trim(), { quiet: true });
      classCache.clear();
      showToast('success', t('enroll.joined', { name: klass.name }));
      void navigate(`/classroom/classd/${klass.uuid}/overview`);
    } catch (error) {
      setProblem(apiErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ClassroomShell screen="enroll">
      <form
        className="card card-body mx-auto enroll-form"
        style={{ maxWidth: '28rem' }}
        onSubmit={(e) => {
          e.preventDefault();
          void join();
        }}
      >
        <label className="form-label" htmlFor={id}>
          {t('enroll.label')}
        </label>
        <input
          id={id}
          className={`form-control form-control-lg font-monospace text-uppercase${problem ? ' is-invalid' : ''}`}
          value={code}
          maxLength={ACCESS_CODE_INPUT_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="ABCD-EFGH"
          aria-describedby={`${id}-help`}
          onChange={(e) => setCode(e.target.value)}
        />
        <div
          id={`${id}-help`}
          className={problem ? 'invalid-feedback d-block' : 'form-text'}
          role={problem ? 'alert' : undefined}
        >
          {problem ?? t('enroll.help')}
        </div>
        <button type="submit" className="btn btn-primary mt-3" disabled={busy}>
          {busy && <Spinner className="me-2" />}
          {t('enroll.join')}
        </button>
      </form>
    </ClassroomShell>
  );
}
