import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import Modal from 'react-bootstrap/Modal';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import DialogHeader from './DialogHeader.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

describe('dialog header', () => {
  it('names the dialog with a level-2 title and closes it from a button named Close', () => {
    const onHide = vi.fn();
    render(
      <Modal show onHide={onHide} aria-labelledby="demo-title">
        <DialogHeader titleId="demo-title" title="Release notes" />
        <Modal.Body>text</Modal.Body>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Release notes' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Release notes' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('has no close button while the dialog must stay open', () => {
    render(
      <Modal show onHide={() => {}} aria-labelledby="busy-title">
        <DialogHeader titleId="busy-title" title="Updating" closable={false} />
      </Modal>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Updating' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
