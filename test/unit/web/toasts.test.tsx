// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MAX_TOASTS,
  type ToastApi,
  ToastProvider,
  useToast,
} from '../../../web/components/toast/toast-provider';

afterEach(cleanup);

function Probe({ onReady }: { onReady: (api: ToastApi) => void }) {
  onReady(useToast());
  return null;
}

describe('the toast stack', () => {
  it('keeps at most three toasts, newest first, in a polite live region', () => {
    let api: ToastApi | undefined;
    render(
      <ToastProvider>
        <Probe onReady={(ready) => (api = ready)} />
      </ToastProvider>,
    );
    act(() => {
      for (const n of [1, 2, 3, 4]) api?.showToast(`Toast ${n}`, 'success');
    });
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(MAX_TOASTS).toBe(3);
    expect(
      within(region)
        .getAllByText(/^Toast \d$/)
        .map((el) => el.textContent),
    ).toEqual(['Toast 4', 'Toast 3', 'Toast 2']);
  });
});
