import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import ConfirmHost from '../../shell/ui/ConfirmHost.tsx';
import { confirmService } from '../../shell/confirm.ts';
import { initI18n } from '../../i18n/index.ts';
import { answerProjectDialog, askProjectDetails, projectDialog } from '../project-dialog.ts';
import ProjectDialog from './ProjectDialog.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  answerProjectDialog(null);
  while (confirmService.state.current) confirmService.answer(false);
});

function open(initial = { name: 'Untitled', headerImage: '', desc: '' }) {
  const answer = askProjectDetails('new', initial);
  const view = projectDialog.current;
  if (!view) throw new Error('no dialog');
  render(
    <>
      <ProjectDialog view={view} />
      <ConfirmHost />
    </>,
  );
  return answer;
}

const nameField = () => screen.getByLabelText('Name');
const imageField = () => screen.getByLabelText('Header image URL');
const createButton = () => screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;

describe('ProjectDialog', () => {
  it('is titled New project and disables Create while the name is blank', () => {
    void open();
    expect(screen.getByRole('dialog', { name: 'New project' })).toBeTruthy();
    expect(createButton().disabled).toBe(false);
    fireEvent.change(nameField(), { target: { value: '   ' } });
    expect(createButton().disabled).toBe(true);
    fireEvent.change(nameField(), { target: { value: 'Robot' } });
    expect(createButton().disabled).toBe(false);
  });

  it("says 'The URL is invalid' and disables Create until the image URL passes", () => {
    void open();
    fireEvent.change(imageField(), { target: { value: 'not a url' } });
    expect(screen.getByText('The URL is invalid')).toBeTruthy();
    expect(createButton().disabled).toBe(true);
    expect(screen.queryByAltText('Header image preview')).toBeNull();
    fireEvent.change(imageField(), { target: { value: 'example.com/robot.png' } });
    expect(screen.queryByText('The URL is invalid')).toBeNull();
    // Another host's image: previewed once asked for, like every header image.
    fireEvent.click(screen.getByRole('button', { name: 'Load image from example.com' }));
    const preview = screen.getByAltText('Header image preview') as HTMLImageElement;
    expect(preview.getAttribute('src')).toBe('https://example.com/robot.png');
  });

  it('answers with the trimmed details on Create', async () => {
    const answer = open();
    fireEvent.change(nameField(), { target: { value: '  Line follower ' } });
    fireEvent.change(imageField(), { target: { value: ' https://example.com/l.png ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), {
      target: { value: '# Follows lines' },
    });
    fireEvent.click(createButton());
    await expect(answer).resolves.toEqual({
      name: 'Line follower',
      headerImage: 'https://example.com/l.png',
      desc: '# Follows lines',
    });
  });

  it('previews the description as Markdown', () => {
    void open({ name: 'X', headerImage: '', desc: '**bold** text' });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByTestId('markdown-preview').querySelector('strong')?.textContent).toBe(
      'bold',
    );
  });

  it('cancels without asking when nothing changed', async () => {
    const answer = open();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBeNull();
    expect(confirmService.state.current).toBeNull();
  });

  it('asks before cancelling a changed form, and stays open when the user says no', async () => {
    const answer = open();
    fireEvent.change(nameField(), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('You may lost your unsaved data')).toBeTruthy();
    confirmService.answer(false);
    await waitFor(() => expect(confirmService.state.current).toBeNull());
    expect(projectDialog.current).not.toBeNull();
    const dialog = screen.getByRole('dialog', { name: 'New project', hidden: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    await screen.findByText('You may lost your unsaved data');
    confirmService.answer(true);
    await expect(answer).resolves.toBeNull();
  });
});
