// Toasts from ui.toasts: bottom centre, 2500 ms, warning or success (spec core §8, §9).
// On a phone a sheet may cover the bottom of the screen (the virtual board, the editor's
// widget area, marked data-toast-floor): toasts sit above it, never over the board's motors.
import { useLayoutEffect, useRef } from 'react';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { dismissToast, TOAST_MS, ui } from '../../state/ui.ts';

/** The height of the sheet across the lower part of the window, if one is there (px). */
function sheetHeight(): number {
  const height = window.innerHeight;
  const width = document.documentElement.clientWidth;
  let top = height;
  for (const el of document.querySelectorAll('[data-toast-floor]')) {
    const r = el.getBoundingClientRect();
    // A sheet spans the window's width and starts in its lower part (a side panel does not).
    const sheet = r.height > 0 && r.left <= 1 && r.right >= width - 1 && r.top > height * 0.4;
    if (sheet && r.top < top) top = r.top;
  }
  return height - top;
}

export default function Toasts() {
  const { t } = useTranslation('shell');
  const { toasts } = useSnapshot(ui);
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const lift = toasts.length > 0 ? sheetHeight() : 0;
    if (box.current) box.current.style.marginBottom = lift > 0 ? `${lift}px` : '';
  }, [toasts]);
  return (
    <ToastContainer
      position="bottom-center"
      containerPosition="fixed"
      className="app-toasts p-3"
      ref={box}
    >
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
