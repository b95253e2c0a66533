import { describe, expect, it } from 'vitest';
import { ConfirmService } from './confirm.ts';

describe('ConfirmService', () => {
  it('shows the question and resolves with the answer', async () => {
    const service = new ConfirmService();
    const answer = service.ask('Delete it?');
    expect(service.state.current?.message).toBe('Delete it?');
    service.answer(true);
    await expect(answer).resolves.toBe(true);
    expect(service.state.current).toBeNull();
  });

  it('asks queued questions one at a time, in order', async () => {
    const service = new ConfirmService();
    const first = service.ask('One?');
    const second = service.ask('Two?');
    expect(service.state.current?.message).toBe('One?');
    service.answer(false);
    expect(service.state.current?.message).toBe('Two?');
    service.answer(true);
    await expect(first).resolves.toBe(false);
    await expect(second).resolves.toBe(true);
  });

  it('ignores an answer when nothing is asked', () => {
    const service = new ConfirmService();
    expect(() => service.answer(true)).not.toThrow();
    expect(service.state.current).toBeNull();
  });
});
