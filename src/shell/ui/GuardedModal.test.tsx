import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Modal from 'react-bootstrap/Modal';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { confirmService } from '../confirm.ts';
import ConfirmHost from './ConfirmHost.tsx';
import GuardedModal from './GuardedModal.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  while (confirmService.state.current) confirmService.answer(false);
});

function renderDialog(dirty: boolean, onHide: () => void) {
  return render(
    <>
      <GuardedModal show dirty={dirty} onHide={onHide} aria-label="New project">
        <Modal.Header closeButton closeLabel="Close dialog" />
        <Modal.Body>Form</Modal.Body>
      </GuardedModal>
      <ConfirmHost />
    </>,
  );
}

const pressEscape = () => fireEvent.keyDown(document, { key: 'Escape', code: 'Escape' });

describe('GuardedModal', () => {
  it('closes at once on Esc when nothing is unsaved', () => {
    const onHide = vi.fn();
    renderDialog(false, onHide);
    pressEscape();
    expect(onHide).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('You may lost your unsaved data')).toBeNull();
  });

  it('asks before closing with unsaved data and stays open on Cancel', async () => {
    const onHide = vi.fn();
    renderDialog(true, onHide);
    fireEvent.click(screen.getByLabelText('Close dialog'));
    expect(await screen.findByText('You may lost your unsaved data')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('You may lost your unsaved data')).toBeNull());
    expect(onHide).not.toHaveBeenCalled();
  });

  it('closes after the user confirms losing the data', async () => {
    const onHide = vi.fn();
    renderDialog(true, onHide);
    pressEscape();
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onHide).toHaveBeenCalledTimes(1));
  });
});
