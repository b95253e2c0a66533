// The lab's settings are the program's `config_tm_*`: shown from the program, written back
// to it (which marks the program changed), and replaced when another program is opened.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n/index.ts';
import { EMPTY_TM_CONFIG, program } from '../../../program/program.ts';
import TmControls from './TmControls.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  program.tmConfig = { ...EMPTY_TM_CONFIG };
  program.hasChanged = false;
});

const gate = { reason: null, boardType: 6 };

describe('TmControls and the program settings', () => {
  it('shows the program settings and writes changes back', () => {
    program.tmConfig = {
      type: 'image',
      url: 'https://teachablemachine.withgoogle.com/models/abc/',
      threshold: '0.9',
      channel: 'vision',
      hold: '',
      model: '',
    };
    render(<TmControls id="t" gate={gate} />);
    expect(screen.getByLabelText('Model URL')).toHaveProperty(
      'value',
      'https://teachablemachine.withgoogle.com/models/abc/',
    );
    expect(screen.getByLabelText('Channel')).toHaveProperty('value', 'vision');
    expect(screen.getByLabelText('Minimum confidence: 90 %')).toHaveProperty('value', '90');
    expect(screen.getByTestId('t-board').textContent).toContain('"vision" = class');

    fireEvent.change(screen.getByLabelText('Channel'), { target: { value: 'eyes' } });
    fireEvent.change(screen.getByLabelText('Minimum confidence: 90 %'), {
      target: { value: '75' },
    });
    expect(program.tmConfig.channel).toBe('eyes');
    expect(program.tmConfig.threshold).toBe('0.75');
    expect(program.hasChanged).toBe(true);
  });

  it('uses the defaults for empty settings and follows a program opened later', async () => {
    render(<TmControls id="t" gate={gate} />);
    expect(screen.getByLabelText('Channel')).toHaveProperty('value', 'tm');
    expect(screen.getByLabelText('Minimum confidence: 80 %')).toHaveProperty('value', '80');
    act(() => {
      program.tmConfig = { ...EMPTY_TM_CONFIG, url: 'https://example.org/m/' };
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Model URL')).toHaveProperty('value', 'https://example.org/m/'),
    );
  });

  it('says why a channel cannot be used', async () => {
    render(<TmControls id="t" gate={gate} />);
    fireEvent.change(screen.getByLabelText('Channel'), { target: { value: 'a,b' } });
    expect(await screen.findByText('A channel name cannot contain a comma.')).toBeTruthy();
  });
});
