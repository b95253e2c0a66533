// Toasts from ui.toasts: bottom centre, 2500 ms, warning or success (spec core §8, §9).
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { dismissToast, TOAST_MS, ui } from '../../state/ui.ts';

export default function Toasts() {
  const { t } = useTranslation('shell');
  const { toasts } = useSnapshot(ui);
  return (
    <ToastContainer position="bottom-center" containerPosition="fixed" className="app-toasts p-3">
      {toasts.map((toast) => (
        <Toast
          key={toast.id}
          bg={toast.kind}
          className={toast.kind === 'success' ? 'text-white' : undefined}
          autohide
          delay={TOAST_MS}
          onClose={() => dismissToast(toast.id)}
          data-testid={`toast-${toast.kind}`}
        >
          {toast.title ? (
            <Toast.Header closeLabel={t('close')}>
              <strong className="me-auto">{toast.title}</strong>
            </Toast.Header>
          ) : null}
          <Toast.Body className="d-flex align-items-start gap-2">
            <span className="flex-grow-1">{toast.message}</span>
            {toast.title ? null : (
              <button
                type="button"
                className={`btn-close${toast.kind === 'success' ? ' btn-close-white' : ''}`}
                aria-label={t('close')}
                onClick={() => dismissToast(toast.id)}
              />
            )}
          </Toast.Body>
        </Toast>
      ))}
    </ToastContainer>
  );
}
