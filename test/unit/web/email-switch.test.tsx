// @vitest-environment jsdom
import { useMutation } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { EmailSwitch } from '../../../web/components/email-switch';
import { renderPage } from './support/render';

/** A save the test settles by hand: pending until `settle` is called. */
function SwitchWith({ outcome }: { outcome: { settle?: (ok: boolean) => void } }) {
  const save = useMutation<unknown, Error, boolean>({
    mutationFn: () =>
      new Promise((resolve, reject) => {
        outcome.settle = (ok) => (ok ? resolve(null) : reject(new Error('refused')));
      }),
  });
  return <EmailSwitch id="weekly" label="Weekly emails" help="At most one a week." on={true} save={save} />;
}

describe('the switch of a scheduled email', () => {
  afterEach(cleanup);

  it('shows the value being saved, disabled while it is saved, and a plain error when it was not', async () => {
    const user = userEvent.setup();
    const outcome: { settle?: (ok: boolean) => void } = {};
    renderPage(<SwitchWith outcome={outcome} />);
    const toggle = (await screen.findByRole('switch', { name: 'Weekly emails' })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(toggle.getAttribute('aria-describedby')).toBe('weekly-help');
    expect(screen.getByText('At most one a week.').id).toBe('weekly-help');

    await user.click(toggle);
    await waitFor(() => expect(toggle.disabled).toBe(true));
    expect(toggle.checked).toBe(false);

    outcome.settle?.(false);
    await screen.findByText(messages.anErrorOccurred);
    // Not saved: the switch shows what the server says again.
    expect(toggle.checked).toBe(true);
    expect(toggle.disabled).toBe(false);
  });
});
