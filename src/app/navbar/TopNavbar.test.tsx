import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerActions, resetActions } from '../../shell/actions.ts';
import { initI18n } from '../../i18n/index.ts';
import { program } from '../../program/program.ts';
import { session, type User } from '../../state/session.ts';
import { ui } from '../../state/ui.ts';
import TopNavbar from './TopNavbar.tsx';

const ann: User = {
  id: 'u1',
  name: 'Ann Lee',
  email: 'ann@example.org',
  photoUrl: '',
  providerId: 'google.com',
};

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  cleanup();
  resetActions();
  ui.offline = false;
  session.user = null;
  Object.assign(program, {
    currentProject: null,
    currentProjectId: null,
    toSaveProject: { name: '', headerImage: '', desc: '' },
    hasChanged: false,
    extensionEditMode: false,
    saving: false,
  });
});

function renderBar(variant: 'main' | 'lab' = 'main') {
  return render(
    <MemoryRouter>
      <TopNavbar variant={variant} />
    </MemoryRouter>,
  );
}

function openProfileMenu() {
  fireEvent.click(screen.getByTestId('profile-menu'));
  return within(screen.getByTestId('profile-items'));
}

describe('TopNavbar', () => {
  it('online, shows share, labs and reference', () => {
    renderBar();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Labs' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reference' })).toBeTruthy();
  });

  it('offline, hides share, labs and reference, and shows neither login nor logout', () => {
    ui.offline = true;
    session.user = ann;
    renderBar();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Labs' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reference' })).toBeNull();
    const menu = openProfileMenu();
    expect(menu.queryByText('Log in')).toBeNull();
    expect(menu.queryByText('Log out')).toBeNull();
    expect(menu.queryByText('Ann Lee')).toBeNull();
    expect(menu.getByText('Change language')).toBeTruthy();
    expect(menu.getByText('About')).toBeTruthy();
  });

  it('signed in, the profile popup shows the provider, name and e-mail and offers Log out', () => {
    session.user = ann;
    renderBar();
    const menu = openProfileMenu();
    const card = within(screen.getByTestId('profile-card'));
    expect(card.getByText('Google account')).toBeTruthy();
    expect(card.getByText('Ann Lee')).toBeTruthy();
    expect(card.getByText('ann@example.org')).toBeTruthy();
    expect(menu.getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe('/profile');
    expect(menu.getByRole('link', { name: 'Log out' })).toBeTruthy();
    expect(menu.queryByText('Log in')).toBeNull();
  });

  it('lab screens show no program controls', () => {
    renderBar('lab');
    expect(screen.queryByRole('textbox', { name: 'Project name' })).toBeNull();
    expect(screen.queryByTestId('hamburger-menu')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Labs' })).toBeTruthy();
  });
});

describe('ProjectNameField (in the top bar)', () => {
  it('marks the program changed when edited, and offers Save to a signed-in user', () => {
    session.user = ann;
    renderBar();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Project name' }), {
      target: { value: 'Line follower' },
    });
    expect(program.toSaveProject.name).toBe('Line follower');
    expect(program.hasChanged).toBe(true);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('Enter in the name saves; while the save is on its way the icon is a busy spinner', async () => {
    session.user = ann;
    let saves = 0;
    registerActions({
      save: () => {
        saves += 1;
        program.saving = true;
      },
    });
    renderBar();
    const input = screen.getByRole('textbox', { name: 'Project name' });
    fireEvent.change(input, { target: { value: 'Line follower' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(saves).toBe(1);
    const busy = screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await act(async () => {
      program.saving = false;
    });
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('is disabled for a project that is not editable', () => {
    program.currentProject = { uuid: 'p1', name: 'Shared', isEditable: false };
    renderBar();
    const input = screen.getByRole('textbox', { name: 'Project name' }) as HTMLInputElement;
    expect(input.disabled).toBe(true);
  });

  it('in extension-edit mode shows the name read-only with a save-extension icon', () => {
    program.extensionEditMode = true;
    program.currentProject = { uuid: 'x1', name: 'Ultrasonic sensor' };
    renderBar();
    expect(screen.queryByRole('textbox', { name: 'Project name' })).toBeNull();
    expect(screen.getByTestId('extension-name').textContent).toBe('Ultrasonic sensor');
    expect(screen.getByRole('button', { name: 'Save extension code' })).toBeTruthy();
  });

  it('follows the store when another module renames the project', async () => {
    renderBar();
    await act(async () => {
      program.toSaveProject.name = 'Opened project';
    });
    const input = screen.getByRole('textbox', { name: 'Project name' }) as HTMLInputElement;
    expect(input.value).toBe('Opened project');
  });
});
